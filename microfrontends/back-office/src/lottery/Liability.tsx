// An open draw's liability: per number (of one bet type's family, or all), what was staked, what the
// house would pay, the cap and the room left under it, largest first; the numbers at the cap or
// near it marked. Read again on demand.
import { useState } from 'react';
import {
  Alert,
  Button,
  Chip,
  MenuItem,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
  alpha,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useBrandRead } from '../common/useBrandRead';
import { BET_TYPES, betTypeName } from './choices';

export interface LiabilityRow {
  family: string;
  number: string;
  stakes: string;
  liability: string;
  cap: string;
  room: string;
  roomStake?: string | null;
}

/** The room left under which a number is near its cap: a tenth of the cap. */
export const NEAR_CAP = 0.1;

export function capMark(row: Pick<LiabilityRow, 'cap' | 'room'>): 'at' | 'near' | null {
  const cap = Number(row.cap);
  const room = Number(row.room);
  if (!Number.isFinite(cap) || !Number.isFinite(room)) return null;
  if (room <= 0) return 'at';
  if (cap > 0 && room <= cap * NEAR_CAP) return 'near';
  return null;
}

export function Liability({ drawId }: { drawId: number | string }) {
  const translate = useTranslate();
  const [betType, setBetType] = useState('');
  const read = useBrandRead<{ items: LiabilityRow[] }>(`/lottery/draws/${drawId}/liability`, { betType: betType || undefined });
  const rows = read.data?.items ?? [];
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }}>
        <TextField
          select
          size="small"
          label={translate('tessera.lottery.liability.bet_type')}
          value={betType}
          onChange={(event) => setBetType(event.target.value)}
          sx={{ minWidth: 220 }}
        >
          <MenuItem value="">{translate('tessera.lottery.liability.all')}</MenuItem>
          {BET_TYPES.map((code) => (
            <MenuItem key={code} value={code}>
              {betTypeName(translate, code)}
            </MenuItem>
          ))}
        </TextField>
        <Button size="small" onClick={() => read.refetch()} disabled={read.isFetching}>
          {translate('tessera.lottery.liability.refresh')}
        </Button>
      </Stack>
      {read.error ? <Alert severity="error">{translate((read.error as Error).message || 'tessera.errors.unreachable')}</Alert> : null}
      {read.data && rows.length === 0 ? <Typography variant="body2">{translate('tessera.lottery.liability.none')}</Typography> : null}
      {rows.length > 0 ? (
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('tessera.lottery.liability.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{translate('tessera.lottery.liability.number')}</TableCell>
                <TableCell>{translate('tessera.lottery.liability.family')}</TableCell>
                <TableCell align="right">{translate('tessera.lottery.liability.stakes')}</TableCell>
                <TableCell align="right">{translate('tessera.lottery.liability.liability')}</TableCell>
                <TableCell align="right">{translate('tessera.lottery.liability.cap')}</TableCell>
                <TableCell align="right">{translate('tessera.lottery.liability.room')}</TableCell>
                {betType ? <TableCell align="right">{translate('tessera.lottery.liability.room_stake')}</TableCell> : null}
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const mark = capMark(row);
                return (
                  <TableRow key={`${row.family}:${row.number}`} sx={mark === 'at' ? { bgcolor: (theme) => alpha(theme.palette.error.main, 0.08) } : undefined}>
                    <TableCell sx={{ fontWeight: 'bold', fontFamily: 'monospace' }}>{row.number}</TableCell>
                    <TableCell>{translate(`tessera.lottery.liability.families.${row.family}`, { _: row.family })}</TableCell>
                    <TableCell align="right">{row.stakes}</TableCell>
                    <TableCell align="right">{row.liability}</TableCell>
                    <TableCell align="right">{row.cap}</TableCell>
                    <TableCell align="right">{row.room}</TableCell>
                    {betType ? <TableCell align="right">{row.roomStake ?? '—'}</TableCell> : null}
                    <TableCell>
                      {mark ? (
                        <Chip size="small" color={mark === 'at' ? 'error' : 'warning'} label={translate(`tessera.lottery.liability.${mark}_cap`)} />
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
    </Stack>
  );
}
