// A row's change made in a dialog: a react-admin form over the row, sent by ``onSave``, closed once
// the change is taken (a refusal leaves it open with what was typed).
import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { Form, SaveButton, useRecordContext, useTranslate, type RaRecord } from 'react-admin';

export function ChangeDialog({
  title,
  onSave,
  children,
  extraActions,
}: {
  title: (record: RaRecord) => string;
  /** Sends the change; true when it was taken. */
  onSave: (values: Record<string, unknown>, record: RaRecord) => Promise<boolean>;
  children: ReactNode;
  extraActions?: (close: () => void) => ReactNode;
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const close = () => setOpen(false);
  return (
    <>
      <Button
        size="small"
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {translate('tessera.games.change')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" onClick={(event) => event.stopPropagation()}>
        <DialogTitle>{title(record)}</DialogTitle>
        <Form
          record={record}
          onSubmit={async (values: Record<string, unknown>) => {
            if (await onSave(values, record)) close();
          }}
        >
          <DialogContent>{children}</DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap' }}>
            {extraActions?.(close)}
            <Button onClick={close}>{translate('ra.action.cancel')}</Button>
            <SaveButton alwaysEnable />
          </DialogActions>
        </Form>
      </Dialog>
    </>
  );
}
