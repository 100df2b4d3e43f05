import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

const COLORS = { open: 'info', drawn: 'success', cancelled: 'default' } as const;

/** A draw's state: open for bets, drawn, or cancelled (its bets void and refunded). */
export function StateChip({ state }: { state: string }) {
  const translate = useTranslate();
  return <Chip size="small" color={COLORS[state as keyof typeof COLORS] ?? 'default'} label={translate(`tessera.lottery.state.${state}`, { _: state })} />;
}
