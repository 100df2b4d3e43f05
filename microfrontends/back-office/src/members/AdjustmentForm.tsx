// A manual credit or debit of the member's wallet, with a reason; above the brand's threshold it
// waits for a second approver. Each form's request id makes a repeated submission one adjustment.
import { useState } from 'react';
import { Form, RadioButtonGroupInput, SaveButton, TextInput, regex, required, useTranslate, type RaRecord } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { useAct } from '../common/useAct';

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const directions = [
  { id: 'credit', name: 'tessera.members.adjustment.credit' },
  { id: 'debit', name: 'tessera.members.adjustment.debit' },
];

export function AdjustmentForm({ member }: { member: RaRecord }) {
  const translate = useTranslate();
  const act = useAct();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">{translate('tessera.members.adjustment.title')}</Typography>
      <Form
        key={requestId}
        record={{ direction: 'credit' }}
        onSubmit={async (data: Record<string, unknown>) => {
          const done = await act(`/members/${member.id}/adjustments`, {
            direction: data.direction,
            amount: String(data.amount).trim(),
            reason: String(data.reason).trim(),
            requestId,
          });
          if (done !== undefined) setRequestId(crypto.randomUUID());
        }}
      >
        <RadioButtonGroupInput source="direction" label="tessera.members.adjustment.direction" choices={directions} />
        <TextInput
          source="amount"
          label="tessera.members.adjustment.amount"
          validate={[required(), regex(AMOUNT, 'tessera.members.adjustment.amount_invalid')]}
        />
        <TextInput source="reason" label="tessera.fields.reason" validate={required()} fullWidth />
        <SaveButton label="tessera.members.adjustment.submit" />
      </Form>
    </Box>
  );
}
