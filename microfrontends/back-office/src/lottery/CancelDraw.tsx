// A draw cancelled, after a confirmation saying what it does: asked here, it happens only when a
// second staff member approves it (its bets are then void and refunded).
import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useAct } from '../common/useAct';

export function CancelDraw({ draw }: { draw: { id: number | string; remark: string; numero: string } }) {
  const translate = useTranslate();
  const act = useAct();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const close = () => {
    setOpen(false);
    setReason('');
  };
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        {translate('tessera.lottery.cancel.button')}
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
        <DialogTitle>{translate('tessera.lottery.cancel.title', { game: draw.remark, numero: draw.numero })}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('tessera.lottery.cancel.content')}</DialogContentText>
          <TextField
            label={translate('tessera.fields.reason')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 255 } }}
            fullWidth
            margin="dense"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{translate('tessera.lottery.cancel.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={async () => {
              const text = reason.trim();
              close();
              await act(`/lottery/draws/${draw.id}/cancel`, text ? { reason: text } : {});
            }}
          >
            {translate('tessera.lottery.cancel.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
