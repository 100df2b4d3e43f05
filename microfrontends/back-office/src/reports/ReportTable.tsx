import type { ReactNode } from 'react';
import { Alert, LinearProgress, Table, TableBody, TableCell, TableContainer, TableHead, TableRow } from '@mui/material';
import { useTranslate } from 'react-admin';
import { amount } from './figures';

export interface Column<Row> {
  /** The field, also its label's key (resources.reports.fields.<field>). */
  field: keyof Row & string;
  /** An amount: exact decimal, grouped, right-aligned. */
  money?: boolean;
  numeric?: boolean;
}

function cell<Row>(row: Row, column: Column<Row>): ReactNode {
  const value = row[column.field] as unknown;
  return column.money ? amount(value as string) : String(value ?? '—');
}

/** A report's rows (and its totals row) in a table that scrolls sideways on phones. */
export function ReportTable<Row>({
  columns,
  rows,
  totals,
  rowKey,
  loading,
  error,
}: {
  columns: Column<Row>[];
  rows: Row[] | undefined;
  totals?: Partial<Row>;
  rowKey: (row: Row) => string;
  loading: boolean;
  error: unknown;
}) {
  const translate = useTranslate();
  if (error) return <Alert severity="error">{translate((error as Error).message || 'tessera.errors.unreachable')}</Alert>;
  if (loading || !rows) return <LinearProgress />;
  if (rows.length === 0) return <Alert severity="info">{translate('tessera.reports.empty')}</Alert>;
  const align = (column: Column<Row>) => (column.money || column.numeric ? 'right' : 'left');
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small">
        <TableHead>
          <TableRow>
            {columns.map((column) => (
              <TableCell key={column.field} align={align(column)}>
                {translate(`resources.reports.fields.${column.field}`)}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={rowKey(row)} hover>
              {columns.map((column) => (
                <TableCell key={column.field} align={align(column)}>
                  {cell(row, column)}
                </TableCell>
              ))}
            </TableRow>
          ))}
          {totals ? (
            <TableRow sx={{ '& td': { fontWeight: 'bold' } }}>
              {columns.map((column, index) => (
                <TableCell key={column.field} align={align(column)}>
                  {index === 0 ? translate('tessera.reports.totals') : column.field in totals ? cell(totals as Row, column) : ''}
                </TableCell>
              ))}
            </TableRow>
          ) : null}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
