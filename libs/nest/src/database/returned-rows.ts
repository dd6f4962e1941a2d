/**
 * The rows a raw `manager.query` of an INSERT / UPDATE / DELETE … RETURNING gave back: TypeORM's postgres driver
 * answers those as [rows, affected count], a SELECT (or a CTE ending in one) as the rows alone.
 */
export const returnedRows = <T>(result: unknown): T[] =>
  Array.isArray(result) && result.length === 2 && Array.isArray(result[0]) && typeof result[1] === 'number'
    ? (result[0] as T[])
    : (result as T[]);
