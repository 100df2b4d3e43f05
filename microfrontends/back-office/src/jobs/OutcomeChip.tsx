import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';

export const OUTCOMES = ['running', 'ok', 'failed', 'retrying', 'skipped'] as const;

const COLOURS: Record<string, 'default' | 'success' | 'error' | 'warning' | 'info'> = {
  running: 'info',
  ok: 'success',
  failed: 'error',
  retrying: 'warning',
  skipped: 'default',
};

/** A run's outcome, coloured. */
export function OutcomeChip({ outcome }: { outcome: string | undefined }) {
  const translate = useTranslate();
  if (!outcome) return null;
  return <Chip size="small" color={COLOURS[outcome] ?? 'default'} label={translate(`tessera.jobs.outcome.${outcome}`, { _: outcome })} />;
}

/** What a run did: ``reconciled 12 · expired 3``. */
export function counts(value: Record<string, number> | undefined): string {
  return Object.entries(value ?? {})
    .map(([name, count]) => `${name} ${count}`)
    .join(' · ');
}
