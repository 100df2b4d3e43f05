import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A dialog asking for the remark or reason an action is taken with (``required``: it cannot be empty). */
export function ReasonDialog({
  open,
  title,
  label,
  required,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  required: boolean;
  onConfirm: (text: string) => unknown;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [text, setText] = useState('');
  const close = () => {
    setText('');
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <TextField
          label={label}
          value={text}
          onChange={(event) => setText(event.target.value)}
          required={required}
          multiline
          minRows={2}
          fullWidth
          autoFocus
          margin="dense"
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{translate('ra.action.cancel')}</Button>
        <Button
          variant="contained"
          disabled={required && !text.trim()}
          onClick={async () => {
            await onConfirm(text.trim());
            close();
          }}
        >
          {translate('ra.action.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
