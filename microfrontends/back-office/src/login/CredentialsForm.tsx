import { useState, type FormEvent } from 'react';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { call } from '../api';
import { remember, type StaffSession } from '../session';
import { useSubmit } from './useSubmit';

/** Username, password, then the two-factor code or a recovery code (none before enrolment). */
export function CredentialsForm({ onSession }: { onSession: (session: StaffSession, password: string) => unknown }) {
  const translate = useTranslate();
  const { busy, error, submit } = useSubmit();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');

  const logIn = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const body = { username, password, ...(code.trim() ? { code: code.trim() } : {}) };
      const { value } = await call<StaffSession>('/session', { method: 'POST', body });
      remember(value);
      await onSession(value, password);
    });
  };

  return (
    <form onSubmit={logIn} noValidate>
      <Stack spacing={2}>
        {error && <Alert severity="error">{error}</Alert>}
        <TextField
          label={translate('tessera.login.username')}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(event) => setUsername(event.target.value)}
          required
          autoFocus
        />
        <TextField
          label={translate('tessera.login.password')}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          required
        />
        <TextField
          label={translate('tessera.login.code')}
          name="code"
          autoComplete="one-time-code"
          helperText={translate('tessera.login.code_help')}
          value={code}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" variant="contained" disabled={busy || !username || !password}>
          {translate('tessera.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
