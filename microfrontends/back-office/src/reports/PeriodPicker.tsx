import { Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { MAX_DAYS, periodProblem, type Period } from './period';

/** The period's first and last days; a period a report cannot cover is told under it. */
export function PeriodPicker({ value, onChange }: { value: Period; onChange: (period: Period) => void }) {
  const translate = useTranslate();
  const problem = periodProblem(value);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
      <TextField
        type="date"
        label={translate('tessera.reports.period.from')}
        value={value.from}
        onChange={(event) => onChange({ ...value, from: event.target.value })}
        error={Boolean(problem)}
        helperText={problem ? translate(problem, { limit: MAX_DAYS }) : ' '}
        slotProps={{ inputLabel: { shrink: true } }}
        size="small"
      />
      <TextField
        type="date"
        label={translate('tessera.reports.period.to')}
        value={value.to}
        onChange={(event) => onChange({ ...value, to: event.target.value })}
        error={Boolean(problem)}
        helperText=" "
        slotProps={{ inputLabel: { shrink: true } }}
        size="small"
      />
    </Stack>
  );
}
