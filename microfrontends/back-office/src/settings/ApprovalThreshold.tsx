// The brand's maker-checker threshold: money actions above it wait for a second staff member.
import { InputAdornment, Stack, Typography } from '@mui/material';
import { Form, SaveButton, TextInput, regex, required, useTranslate } from 'react-admin';
import { useAct } from '../common/useAct';
import { useBrandRead } from '../common/useBrandRead';

export const APPROVAL_THRESHOLD = '/settings/approvals';
const AMOUNT = /^[0-9]+(\.[0-9]{1,4})?$/;

export function ApprovalThreshold() {
  const translate = useTranslate();
  const act = useAct();
  const { data } = useBrandRead<{ threshold: string; currency: string }>(APPROVAL_THRESHOLD);
  if (!data) return null;
  return (
    <Form record={{ threshold: data.threshold }} onSubmit={async (form: Record<string, unknown>) => {
        await act(APPROVAL_THRESHOLD, { threshold: String(form.threshold).trim() }, 'PUT');
      }}>
      <Typography variant="body2" color="text.secondary">
        {translate('tessera.settings.threshold.help')}
      </Typography>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <TextInput
          source="threshold"
          label="tessera.settings.threshold.label"
          validate={[required(), regex(AMOUNT, 'tessera.settings.threshold.invalid')]}
          slotProps={{ input: { endAdornment: <InputAdornment position="end">{data.currency}</InputAdornment> } }}
        />
        <SaveButton />
      </Stack>
    </Form>
  );
}
