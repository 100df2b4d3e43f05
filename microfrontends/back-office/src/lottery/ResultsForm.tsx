// A Vietnamese draw's results entered or corrected: one field per number in the format's published
// order, each checked for its digits before anything is sent (the numbers can also be pasted at
// once, as a result sheet lists them); sent, it waits for a second staff member's approval.
import { useState } from 'react';
import { Box, Button, Stack, TextField as MuiTextField, Typography } from '@mui/material';
import { Form, SaveButton, TextInput, maxLength, useTranslate } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { useAct } from '../common/useAct';
import { fits, type Slot } from './formats';

/** The slots of one prize, consecutive in published order, with their positions. */
function runs(slots: Slot[]) {
  const groups: { prize: Slot['prize']; digits: number; positions: number[] }[] = [];
  slots.forEach((slot, position) => {
    const last = groups.at(-1);
    if (last && last.prize === slot.prize) last.positions.push(position);
    else groups.push({ prize: slot.prize, digits: slot.digits, positions: [position] });
  });
  return groups;
}

export function prizeLabel(translate: (key: string, options?: object) => string, slot: Slot, count: number) {
  const name = translate(`tessera.lottery.prize.${slot.prize}`);
  return count > 1 ? `${name} ${slot.index + 1}` : name;
}

function PasteAll({ count }: { count: number }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [text, setText] = useState('');
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} alignItems={{ sm: 'center' }} sx={{ mb: 2 }}>
      <MuiTextField
        label={translate('tessera.lottery.results.paste')}
        helperText={translate('tessera.lottery.results.paste_help', { count })}
        value={text}
        onChange={(event) => setText(event.target.value)}
        multiline
        size="small"
        fullWidth
      />
      <Button
        onClick={() => {
          text
            .split(/[\s,;]+/)
            .filter(Boolean)
            .slice(0, count)
            .forEach((number, position) => setValue(`prizes.${position}`, number, { shouldDirty: true }));
        }}
      >
        {translate('tessera.lottery.results.fill')}
      </Button>
    </Stack>
  );
}

export function ResultsForm({ drawId, slots, current, onDone }: { drawId: number | string; slots: Slot[]; current?: string[] | null; onDone: () => void }) {
  const translate = useTranslate();
  const act = useAct();
  const counts = new Map<string, number>();
  for (const slot of slots) counts.set(slot.prize, (counts.get(slot.prize) ?? 0) + 1);
  const check = (slot: Slot) => (value: unknown) => {
    const number = typeof value === 'string' ? value.trim() : '';
    return fits(slot, number) ? undefined : { message: 'tessera.lottery.results.digits', args: { digits: slot.digits } };
  };
  return (
    <Form
      record={{ prizes: current && current.length === slots.length ? [...current] : slots.map(() => ''), reason: '' }}
      onSubmit={async (values: Record<string, unknown>) => {
        const prizes = (values.prizes as string[]).map((number) => String(number ?? '').trim());
        const reason = typeof values.reason === 'string' ? values.reason.trim() : '';
        const asked = await act(`/lottery/draws/${drawId}/results`, reason ? { prizes, reason } : { prizes });
        if (asked !== undefined) onDone();
      }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('tessera.lottery.results.help', { count: slots.length })}
      </Typography>
      <PasteAll count={slots.length} />
      {runs(slots).map((run) => (
        <Box key={run.positions[0]} sx={{ mb: 1 }}>
          <Typography variant="subtitle2">
            {translate(`tessera.lottery.prize.${run.prize}`)} · {translate('tessera.lottery.results.digits_each', { digits: run.digits })}
          </Typography>
          <Stack direction="row" flexWrap="wrap" useFlexGap columnGap={1}>
            {run.positions.map((position) => (
              <TextInput
                key={position}
                source={`prizes.${position}`}
                label={prizeLabel(translate, slots[position], counts.get(slots[position].prize) ?? 1)}
                validate={check(slots[position])}
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6 } }}
                sx={{ width: `${run.digits + 9}ch` }}
              />
            ))}
          </Stack>
        </Box>
      ))}
      <TextInput source="reason" label="tessera.lottery.results.reason" validate={maxLength(255)} fullWidth />
      <Stack direction="row" spacing={1}>
        <SaveButton label="tessera.lottery.results.send" alwaysEnable />
        <Button onClick={onDone}>{translate('ra.action.cancel')}</Button>
      </Stack>
    </Form>
  );
}
