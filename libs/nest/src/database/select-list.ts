/**
 * How each property of a row type is read from its table: a column (`user_id`), a cast (`quantity::text`) or an
 * expression. `$.` stands for the table's alias where a query names one. Keyed by the row type, so a property
 * added to it without its column fails to compile.
 */
export type ColumnMap<Row> = { readonly [K in keyof Row]-?: string };

/**
 * A table's select list (or RETURNING list), written once per table in its store: `expr AS "property"` for each
 * entry, so raw queries answer rows already shaped like the row type. `alias` qualifies the `$.` of each entry;
 * `prefix` goes before each property (a join of two tables tells their same-named columns apart).
 */
export function selectList<Row>(columns: ColumnMap<Row>, alias?: string, prefix = ''): string {
  return Object.entries<string>(columns)
    .map(([property, sql]) => {
      const expression = sql.replaceAll('$.', alias ? `${alias}.` : '');
      const name = prefix + property;
      return expression === name ? expression : `${expression} AS "${name}"`;
    })
    .join(', ');
}
