import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Box, Button, List, ListItem, Stack, TextField, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { call } from '../api';
import { useSubmit } from './useSubmit';

interface Secret {
  uri: string;
  qrSvg: string;
}

/** Two-factor enrolment: the secret as a QR code and its URI, a code from the app to confirm, then
 * the recovery codes, shown this once. */
export function TwoFactorEnrolment({ onDone }: { onDone: () => unknown }) {
  const translate = useTranslate();
  const { busy, error, submit } = useSubmit();
  const [secret, setSecret] = useState<Secret | null>(null);
  const [code, setCode] = useState('');
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void submit(async () => setSecret((await call<Secret>('/session/two-factor', { method: 'POST' })).value));
  }, [submit]);

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void submit(async () => {
      const body = { code: code.trim() };
      setRecoveryCodes((await call<{ recoveryCodes: string[] }>('/session/two-factor', { method: 'PUT', body })).value.recoveryCodes);
    });
  };

  if (recoveryCodes) {
    return (
      <Stack spacing={2}>
        <Typography>{translate('tessera.two_factor.recovery_intro')}</Typography>
        <List dense aria-label={translate('tessera.two_factor.recovery_codes')} sx={{ fontFamily: 'monospace' }}>
          {recoveryCodes.map((one) => (
            <ListItem key={one} data-recovery-code>
              {one}
            </ListItem>
          ))}
        </List>
        <Button variant="contained" onClick={() => void onDone()}>
          {translate('tessera.two_factor.done')}
        </Button>
      </Stack>
    );
  }
  return (
    <form onSubmit={confirm} noValidate>
      <Stack spacing={2}>
        <Typography>{translate('tessera.two_factor.intro')}</Typography>
        {error && <Alert severity="error">{error}</Alert>}
        {secret && (
          <>
            <Box
              component="img"
              src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(secret.qrSvg)}`}
              alt={translate('tessera.two_factor.qr')}
              sx={{ width: 200, height: 200, alignSelf: 'center' }}
            />
            <Typography variant="body2">{translate('tessera.two_factor.uri')}</Typography>
            <Typography variant="body2" data-otpauth-uri sx={{ wordBreak: 'break-all', fontFamily: 'monospace' }}>
              {secret.uri}
            </Typography>
          </>
        )}
        <TextField
          label={translate('tessera.two_factor.code')}
          name="code"
          autoComplete="one-time-code"
          inputMode="numeric"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          required
        />
        <Button type="submit" variant="contained" disabled={busy || !secret || !/^\d{6}$/.test(code.trim())}>
          {translate('tessera.two_factor.confirm')}
        </Button>
      </Stack>
    </form>
  );
}
