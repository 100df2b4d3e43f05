import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { call } from '../api';
import { remember, type StaffSession } from '../session';
import { useSubmit } from './useSubmit';

export const MIN_PASSWORD_LENGTH = 10;

/** The new password a one-time password calls for, typed twice. */
export function NewPasswordForm({ current, onSession }: { current: string; onSession: (session: StaffSession) => unknown }) {
  const translate = useTranslate();
  const { busy, error, submit } = useSubmit();
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const mismatch = again.length > 0 && again !== password;
  const tooShort = password.length > 0 && password.length < MIN_PASSWORD_LENGTH;

  const change = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const body = { currentPassword: current, newPassword: password };
      const { value } = await call<StaffSession>('/session/password', { method: 'PUT', body });
      remember(value);
      await onSession(value);
    });
  };

  return (
    <form onSubmit={change} noValidate>
      <Stack spacing={2}>
        <Typography>{translate('tessera.password.intro')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={translate('tessera.password.new')}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={tooShort}
          helperText={translate('tessera.password.rule', { length: MIN_PASSWORD_LENGTH })}
          required
          autoFocus
        />
        <TextField
          label={translate('tessera.password.again')}
          name="newPasswordAgain"
          type="password"
          autoComplete="new-password"
          value={again}
          onChange={(event) => setAgain(event.target.value)}
          error={mismatch}
          helperText={mismatch ? translate('tessera.password.mismatch') : ' '}
          required
        />
        <Button type="submit" variant="contained" disabled={busy || tooShort || !password || again !== password}>
          {translate('tessera.password.submit')}
        </Button>
      </Stack>
    </form>
  );
}
