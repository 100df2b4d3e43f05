import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { useNotify, useTranslate } from 'react-admin';

/** A staff member's one-time password, shown this once (only its hash is kept), to copy. */
export function OneTimePassword({ password, onClose }: { password: string | null; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password ?? '');
      notify('tessera.team.copied', { type: 'info' });
    } catch {
      notify('tessera.team.copy_failed', { type: 'warning' });
    }
  };
  return (
    <Dialog open={password !== null} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('tessera.team.one_time_password')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('tessera.team.one_time_password_once')}</DialogContentText>
        <Typography data-one-time-password sx={{ fontFamily: 'monospace', fontSize: '1.25rem', mt: 2, wordBreak: 'break-all', userSelect: 'all' }}>
          {password}
        </Typography>
      </DialogContent>
      <DialogActions>
        <Button startIcon={<ContentCopyIcon />} onClick={copy}>
          {translate('tessera.team.copy')}
        </Button>
        <Button variant="contained" onClick={onClose}>
          {translate('tessera.team.password_kept')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
