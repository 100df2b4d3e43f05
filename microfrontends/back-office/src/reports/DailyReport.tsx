// The brand's profit and loss per day of the period, with the period's totals.
import type { Period } from './period';
import { AMOUNTS, COUNTS, type PnlDay, type PnlTotals } from './figures';
import { ReportTable, type Column } from './ReportTable';
import { useBrandRead } from '../common/useBrandRead';

const COLUMNS: Column<PnlDay>[] = [
  { field: 'day' },
  ...AMOUNTS.map((field) => ({ field, money: true })),
  ...COUNTS.map((field) => ({ field, numeric: true })),
];

export function DailyReport({ period, valid }: { period: Period; valid: boolean }) {
  const report = useBrandRead<{ items: PnlDay[]; totals: PnlTotals }>('/reports/daily', { ...period }, valid);
  return (
    <ReportTable
      columns={COLUMNS}
      rows={report.data?.items}
      totals={report.data?.totals}
      rowKey={(row) => row.day}
      loading={report.isLoading}
      error={report.error}
    />
  );
}
