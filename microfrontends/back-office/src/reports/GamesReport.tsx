// Settled rounds per game type and vendor within the period, the most bet first.
import type { Period } from './period';
import { ReportTable, type Column } from './ReportTable';
import { useBrandRead } from '../common/useBrandRead';

interface GameRow {
  gameType: string;
  vassalage: string;
  vendorName: string;
  rounds: number;
  players: number;
  bets: string;
  wins: string;
  ggr: string;
}

const COLUMNS: Column<GameRow>[] = [
  { field: 'gameType' },
  { field: 'vendorName' },
  { field: 'rounds', numeric: true },
  { field: 'players', numeric: true },
  { field: 'bets', money: true },
  { field: 'wins', money: true },
  { field: 'ggr', money: true },
];

export function GamesReport({ period, valid }: { period: Period; valid: boolean }) {
  const report = useBrandRead<{ items: GameRow[] }>('/reports/games', { ...period }, valid);
  return (
    <ReportTable
      columns={COLUMNS}
      rows={report.data?.items}
      rowKey={(row) => `${row.gameType}/${row.vassalage}`}
      loading={report.isLoading}
      error={report.error}
    />
  );
}
