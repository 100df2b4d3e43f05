// A draw's settlement: its bets placed (not settled yet), won, lost and void, what they staked and
// paid, and the result versions they were settled against (older than the draw's: resettled soon).
import { Alert, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBrandRead } from '../common/useBrandRead';

const BET_STATES = ['placed', 'won', 'lost', 'void'] as const;

interface StateFigures {
  count: number;
  stakes: string;
  payouts: string;
  versions: number[];
}

export interface SettlementValue {
  resultVersion: number;
  bets: Partial<Record<(typeof BET_STATES)[number], StateFigures>>;
}

export function Settlement({ drawId }: { drawId: number | string }) {
  const translate = useTranslate();
  const read = useBrandRead<SettlementValue>(`/lottery/draws/${drawId}/settlement`);
  if (read.error) return <Alert severity="error">{translate((read.error as Error).message || 'tessera.errors.unreachable')}</Alert>;
  if (!read.data) return null;
  const { bets, resultVersion } = read.data;
  const behind = BET_STATES.some((state) => (bets[state]?.versions ?? []).some((version) => version < resultVersion));
  return (
    <>
      {behind ? (
        <Alert severity="info" sx={{ mb: 1 }}>
          {translate('tessera.lottery.settlement.behind', { version: resultVersion })}
        </Alert>
      ) : null}
      <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('tessera.lottery.settlement.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('tessera.lottery.settlement.state')}</TableCell>
              <TableCell align="right">{translate('tessera.lottery.settlement.count')}</TableCell>
              <TableCell align="right">{translate('tessera.lottery.settlement.stakes')}</TableCell>
              <TableCell align="right">{translate('tessera.lottery.settlement.payouts')}</TableCell>
              <TableCell>{translate('tessera.lottery.settlement.versions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {BET_STATES.map((state) => {
              const figures = bets[state];
              return (
                <TableRow key={state}>
                  <TableCell>{translate(`tessera.lottery.settlement.states.${state}`)}</TableCell>
                  <TableCell align="right">{figures?.count ?? 0}</TableCell>
                  <TableCell align="right">{figures?.stakes ?? '—'}</TableCell>
                  <TableCell align="right">{figures?.payouts ?? '—'}</TableCell>
                  <TableCell>{figures?.versions.length ? figures.versions.join(', ') : '—'}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      <Typography variant="caption" color="text.secondary">
        {translate('tessera.lottery.settlement.version', { version: resultVersion })}
      </Typography>
    </>
  );
}
