import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useTranslate, type RaRecord } from 'react-admin';
import { useAct } from '../common/useAct';

/** End every session of the member. */
export function ForceLogoutButton({ member }: { member: RaRecord }) {
  const translate = useTranslate();
  const act = useAct();
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="outlined" color="warning" onClick={() => setAsking(true)} sx={{ my: 1 }}>
        {translate('tessera.members.actions.force_logout')}
      </Button>
      <Confirm
        isOpen={asking}
        title="tessera.members.actions.force_logout"
        content="tessera.members.force_logout_confirm"
        onClose={() => setAsking(false)}
        onConfirm={async () => {
          setAsking(false);
          await act(`/members/${member.id}/sessions`, undefined, 'DELETE');
        }}
      />
    </>
  );
}
