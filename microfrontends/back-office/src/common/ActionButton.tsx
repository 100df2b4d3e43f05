import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useRecordContext, useTranslate } from 'react-admin';
import { useAct } from './useAct';
import { ReasonDialog } from './ReasonDialog';

/** A row's action (approve, reject, pay) with its remark or reason dialog (a plain confirmation
 * without ``field``); posts ``{[field]: text}`` to ``{path}/{id}/{action}`` on the chosen brand. */
export function ActionButton({
  path,
  action,
  field,
  required = false,
  color = 'primary',
}: {
  path: string;
  action: string;
  field?: 'remark' | 'reason';
  required?: boolean;
  color?: 'primary' | 'error' | 'success';
}) {
  const translate = useTranslate();
  const act = useAct();
  const record = useRecordContext();
  const [open, setOpen] = useState(false);
  if (!record) return null;
  const label = translate(`tessera.actions.${action}`);
  return (
    <>
      <Button
        size="small"
        color={color}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      {field ? (
        <ReasonDialog
        open={open}
        title={label}
        label={translate(`tessera.fields.${field}`)}
        required={required}
        onClose={() => setOpen(false)}
        onConfirm={(text) => act(`${path}/${record.id}/${action}`, text ? { [field]: text } : {})}
        />
      ) : (
        <Confirm
          isOpen={open}
          title={label}
          content="tessera.actions.confirm"
          onClose={() => setOpen(false)}
          onConfirm={async () => {
            setOpen(false);
            await act(`${path}/${record.id}/${action}`);
          }}
        />
      )}
    </>
  );
}
