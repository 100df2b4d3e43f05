import { useState } from 'react';
import { Button } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { ReasonDialog } from '../common/ReasonDialog';
import { useAct } from '../common/useAct';

// What a member's status allows: an active member is frozen; a frozen one unfrozen, a locked one
// unlocked (both back to active). Each with a reason.
const ACTIONS: Record<string, { action: string; status: string }> = {
  active: { action: 'freeze', status: 'frozen' },
  frozen: { action: 'unfreeze', status: 'active' },
  locked: { action: 'unlock', status: 'active' },
};

export function StatusActions({ member }: { member: RaRecord }) {
  const translate = useTranslate();
  const act = useAct();
  const [open, setOpen] = useState(false);
  const next = ACTIONS[String(member.status)];
  if (!next) return null;
  const label = translate(`tessera.members.actions.${next.action}`);
  return (
    <>
      <Button variant="outlined" color={next.action === 'freeze' ? 'warning' : 'primary'} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <ReasonDialog
        open={open}
        title={label}
        label={translate('tessera.fields.reason')}
        required
        onClose={() => setOpen(false)}
        onConfirm={(reason) => act(`/members/${member.id}/status`, { status: next.status, reason }, 'PUT')}
      />
    </>
  );
}
