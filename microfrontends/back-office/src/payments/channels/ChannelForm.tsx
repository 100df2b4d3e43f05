// A deposit channel offered or not, and its bounds narrowed (never past the channel's or the
// brand's own: the API says so when they are); an empty bound takes the channel's and brand's.
import { Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { BooleanInput, Form, SaveButton, TextInput, regex, useTranslate, type RaRecord } from 'react-admin';
import { useAct } from '../../common/useAct';

const AMOUNT = /^[0-9]+(\.[0-9]{1,4})?$/;
const amount = regex(AMOUNT, 'tessera.channels.amount_invalid');
const bound = (value: unknown) => (value === undefined || value === null || String(value).trim() === '' ? null : String(value).trim());

/** What the PUT sends: the switch and staff's bounds, as they are or as changed. */
export function channelBody(channel: RaRecord, change: Record<string, unknown> = {}) {
  return { enabled: channel.enabled, minAmount: channel.staffMin, maxAmount: channel.staffMax, ...change };
}

export function ChannelForm({ channel, onClose }: { channel: RaRecord; onClose: () => void }) {
  const translate = useTranslate();
  const act = useAct();
  const range = (low: string | null, high: string | null) => `${low ?? '—'} – ${high ?? '—'}`;
  const save = async (form: Record<string, unknown>) => {
    const body = channelBody(channel, { enabled: Boolean(form.enabled), minAmount: bound(form.staffMin), maxAmount: bound(form.staffMax) });
    if (await act(`/payment-channels/${encodeURIComponent(String(channel.channel))}`, body, 'PUT')) onClose();
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{channel.title}</DialogTitle>
      <DialogContent>
        <Form record={{ enabled: channel.enabled, staffMin: channel.staffMin ?? '', staffMax: channel.staffMax ?? '' }} onSubmit={save} resource="paymentChannels">
          <Typography variant="body2" color="text.secondary">
            {translate('tessera.channels.bounds', { channel: range(channel.channelMin, channel.channelMax), brand: range(channel.brandMin, channel.brandMax) })}
          </Typography>
          <BooleanInput source="enabled" helperText={false} />
          <Stack direction={{ xs: 'column', sm: 'row' }} columnGap={1}>
            <TextInput source="staffMin" validate={amount} helperText={false} />
            <TextInput source="staffMax" validate={amount} helperText={false} />
          </Stack>
          <SaveButton alwaysEnable />
        </Form>
      </DialogContent>
    </Dialog>
  );
}
