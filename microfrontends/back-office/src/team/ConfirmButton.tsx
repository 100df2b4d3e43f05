import { useState } from 'react';
import { Button } from '@mui/material';
import { Confirm, useTranslate } from 'react-admin';

/** A button asking "are you sure?" (``content``) before it does what it says. */
export function ConfirmButton({
  label,
  content,
  color = 'primary',
  onConfirm,
}: {
  label: string;
  content: string;
  color?: 'primary' | 'warning' | 'error';
  onConfirm: () => unknown;
}) {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" color={color} onClick={() => setOpen(true)}>
        {translate(label)}
      </Button>
      <Confirm
        isOpen={open}
        title={label}
        content={content}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          setOpen(false);
          await onConfirm();
        }}
      />
    </>
  );
}
