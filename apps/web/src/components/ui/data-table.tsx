import type { ComponentPropsWithoutRef, ReactNode } from 'react';
import { Table, TableCell, TableHead } from './table';

export interface DataColumn<Row> {
  /** The column heading; also the column's key. */
  header: string;
  numeric?: boolean;
  cellClassName?: string;
  cell: (row: Row, index: number) => ReactNode;
}

/**
 * A `Table` with one row per item and one cell per column. Name it with `aria-labelledby` (or
 * `aria-label`); `rowProps` adds attributes to a row (the selected one, say).
 */
export function DataTable<Row>({
  columns,
  rows,
  rowKey,
  rowProps,
  ...props
}: Omit<ComponentPropsWithoutRef<'table'>, 'children'> & {
  columns: readonly DataColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => ComponentPropsWithoutRef<'tr'>;
}) {
  return (
    <Table {...props}>
      <thead>
        <tr>
          {columns.map((column) => (
            <TableHead key={column.header} numeric={column.numeric}>
              {column.header}
            </TableHead>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, index) => (
          <tr key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.header} numeric={column.numeric} className={column.cellClassName}>
                {column.cell(row, index)}
              </TableCell>
            ))}
          </tr>
        ))}
      </tbody>
    </Table>
  );
}
