// The back office's login: username, password and, once enrolled, the two-factor code (or a
// recovery code); a first login with the one-time password chooses a new password, then sets up
// two-factor (the QR code and its URI, a code to confirm, the recovery codes shown once).
import { useState } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useLogin, useTranslate } from 'react-admin';
import { loadSession, type StaffSession } from '../session';
import { CredentialsForm } from './CredentialsForm';
import { NewPasswordForm } from './NewPasswordForm';
import { TwoFactorEnrolment } from './TwoFactorEnrolment';

type Step = { name: 'credentials' } | { name: 'password'; session: StaffSession; current: string } | { name: 'two-factor' };

/** The steps of a login, from the credentials to a complete session, handed to ``onLoggedIn``. */
export function LoginFlow({ onLoggedIn }: { onLoggedIn: (session: StaffSession) => void | Promise<unknown> }) {
  const translate = useTranslate();
  const [step, setStep] = useState<Step>({ name: 'credentials' });

  const next = async (session: StaffSession, password: string) => {
    if (session.staff.mustChangePassword) setStep({ name: 'password', session, current: password });
    else if (!session.staff.twoFactor) setStep({ name: 'two-factor' });
    else await onLoggedIn(session);
  };
  const finish = async () => {
    const session = await loadSession();
    if (session) await onLoggedIn(session);
    else setStep({ name: 'credentials' });
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent>
          <Typography component="h1" variant="h5" gutterBottom>
            {translate('tessera.login.title')}
          </Typography>
          {step.name === 'credentials' && <CredentialsForm onSession={next} />}
          {step.name === 'password' && (
            <NewPasswordForm current={step.current} onSession={(session) => next(session, '')} />
          )}
          {step.name === 'two-factor' && <TwoFactorEnrolment onDone={finish} />}
        </CardContent>
      </Card>
    </Box>
  );
}

export function LoginPage() {
  const login = useLogin();
  return <LoginFlow onLoggedIn={(session) => login({ session })} />;
}
