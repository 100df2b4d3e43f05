import { useState } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Typography } from '@mui/material';
import { Confirm, useTranslate, type RaRecord } from 'react-admin';
import { useAct } from '../common/useAct';

/** A new temporary password for the member (their sessions end), shown this once. */
export function PasswordResetButton({ member }: { member: RaRecord }) {
  const translate = useTranslate();
  const act = useAct();
  const [asking, setAsking] = useState(false);
  const [temporary, setTemporary] = useState<string | null>(null);
  return (
    <>
      <Button variant="outlined" onClick={() => setAsking(true)}>
        {translate('tessera.members.actions.reset_password')}
      </Button>
      <Confirm
        isOpen={asking}
        title="tessera.members.actions.reset_password"
        content="tessera.members.reset_password_confirm"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setAsking(false);
          const answer = await act<{ temporaryPassword: string }>(`/members/${member.id}/password-reset`);
          if (answer) setTemporary(answer.temporaryPassword);
        }}
      />
      <Dialog open={temporary !== null} onClose={() => setTemporary(null)}>
        <DialogTitle>{translate('tessera.members.temporary_password')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('tessera.members.temporary_password_once')}</DialogContentText>
          <Typography data-temporary-password sx={{ fontFamily: 'monospace', fontSize: '1.25rem', mt: 2 }}>
            {temporary}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setTemporary(null)}>{translate('ra.action.close')}</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
