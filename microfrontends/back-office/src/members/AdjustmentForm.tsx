// A manual credit or debit of the member's wallet, with a reason; above the brand's threshold it
// waits for a second approver. Each form's request id makes a repeated submission one adjustment.
import { useState, type ReactNode } from 'react';
import { Form, RadioButtonGroupInput, SaveButton, TextInput, regex, required, useTranslate, type RaRecord } from 'react-admin';
import { Box, Typography } from '@mui/material';
import { useAct } from '../common/useAct';

const AMOUNT = /^\d+(\.\d{1,2})?$/;
const directions = [
  { id: 'credit', name: 'tessera.members.adjustment.credit' },
  { id: 'debit', name: 'tessera.members.adjustment.debit' },
];

const amountValid = regex(AMOUNT, 'tessera.members.adjustment.amount_invalid');

/** An amount as the staff member typed it (a string: money is never a float here). */
export function AmountInput({
  source = 'amount',
  label = 'tessera.members.adjustment.amount',
  optional = false,
  helperText,
}: {
  source?: string;
  label?: string;
  optional?: boolean;
  helperText?: string;
}) {
  return <TextInput source={source} label={label} helperText={helperText} validate={optional ? amountValid : [required(), amountValid]} />;
}

/** A money operation on the member: its title, its inputs, and the body it posts to ``rest`` under
 * the chosen brand with the form's request id (a new one once the operation is taken, the same one
 * for a repeated submission). */
export function MemberMoneyForm({
  title,
  rest,
  body,
  defaults = {},
  submit,
  children,
  afterAmount,
}: {
  title: string;
  rest: string;
  body: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The form's first values (never the member's: the form is not over them). */
  defaults?: Record<string, unknown>;
  submit: string;
  /** Inputs before the amount. */
  children?: ReactNode;
  /** Inputs between the amount and the reason. */
  afterAmount?: ReactNode;
}) {
  const translate = useTranslate();
  const act = useAct();
  const [requestId, setRequestId] = useState(() => crypto.randomUUID());
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="h6">{translate(title)}</Typography>
      <Form
        key={requestId}
        record={defaults}
        onSubmit={async (values: Record<string, unknown>) => {
          const done = await act(rest, {
            ...body(values),
            amount: String(values.amount).trim(),
            reason: String(values.reason).trim(),
            requestId,
          });
          if (done !== undefined) setRequestId(crypto.randomUUID());
        }}
      >
        {children}
        <AmountInput />
        {afterAmount}
        <TextInput source="reason" label="tessera.fields.reason" validate={required()} fullWidth />
        <SaveButton label={submit} />
      </Form>
    </Box>
  );
}

export function AdjustmentForm({ member }: { member: RaRecord }) {
  return (
    <MemberMoneyForm
      title="tessera.members.adjustment.title"
      rest={`/members/${member.id}/adjustments`}
      body={(values) => ({ direction: values.direction })}
      defaults={{ direction: 'credit' }}
      submit="tessera.members.adjustment.submit"
    >
      <RadioButtonGroupInput source="direction" label="tessera.members.adjustment.direction" choices={directions} />
    </MemberMoneyForm>
  );
}
