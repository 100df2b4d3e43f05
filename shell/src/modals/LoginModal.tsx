import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { messageOf } from '../forms';
import { playForFree } from '../data/member';
import { useFlag, useSystemStatus } from '../data/status';
import { useAfterLogin } from './afterLogin';
import { FederatedSignIn } from './FederatedSignIn';
import { FormError } from './formState';
import { MethodSwitch } from './MethodSwitch';
import { Modal } from './Modal';
import { useModals } from './modalContext';
import { IpVerificationStep, PasswordLoginForm, type IpCheck, type LoginPlace } from './PasswordLogin';
import { SmsLoginForm } from './SmsLogin';
import './LoginModal.css';

/** The agent entrance (SPEC §2): its logins send `agent: true` and go to the agent home. */
export const AGENT_HOME = '/agentHome';

/** The agent entrance is /agentHome, or any page of a brand domain routed to it. */
function useLoginPlace(): LoginPlace {
  const { pathname } = useLocation();
  const domainRoute = useSystemStatus().data?.domainRoute.route;
  // The path when the modal opened: logging in must not change what the entrance was.
  const [openedAt] = useState(pathname);
  const agent = openedAt === AGENT_HOME || domainRoute === AGENT_HOME;
  return { agent, home: agent ? AGENT_HOME : '/' };
}

type Mode = 'password' | 'sms';

/**
 * The login modal (SPEC §2, §4, §5): username login, SMS login with MOBILEVERCODELOGIN3, the
 * unregistered-address check, forgot password, free play with FREEPLAY3, federated sign-in when
 * the brand has providers, and the way to registration.
 */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const modals = useModals();
  const finishLogin = useAfterLogin();
  const place = useLoginPlace();
  const smsLogin = useFlag('MOBILEVERCODELOGIN3');
  const freePlay = useFlag('FREEPLAY3');
  const [mode, setMode] = useState<Mode>('password');
  const [ipCheck, setIpCheck] = useState<IpCheck | null>(null);

  const guest = useMutation({
    mutationFn: () => playForFree(queryClient),
    onSuccess: () => {
      onClose();
      navigate(place.home);
    },
  });

  return (
    <Modal title={t('login_title')} onClose={onClose} kind="login" className="login-modal">
      {ipCheck ? (
        <IpVerificationStep check={ipCheck} place={place} onBack={() => setIpCheck(null)} />
      ) : (
        <>
          {smsLogin && (
            <MethodSwitch
              legend={t('login_method')}
              options={[
                ['password', t('login_by_password')],
                ['sms', t('login_by_sms')],
              ]}
              value={mode}
              onChange={(next) => setMode(next as Mode)}
            />
          )}
          {smsLogin && mode === 'sms' ? <SmsLoginForm place={place} /> : <PasswordLoginForm place={place} onIpCheck={setIpCheck} />}
        </>
      )}
      <div className="login__more">
        <button type="button" className="link-button login__forgot" onClick={() => modals.open({ kind: 'forgotPassword' })}>
          {t('login_forgot')}
        </button>
        {freePlay && (
          <button type="button" className="button button--ghost login__free-play" disabled={guest.isPending} onClick={() => guest.mutate()}>
            {t('login_free_play')}
          </button>
        )}
        <FormError message={guest.isError ? messageOf(guest.error, t('error_network')) : null} />
        <FederatedSignIn onLogin={(login) => finishLogin(login, { via: 'federated', home: place.home })} />
        <p className="login__register">
          {t('login_no_account')}{' '}
          <Link to="/register" className="login__register-link" onClick={onClose}>
            {t('login_register')}
          </Link>
        </p>
      </div>
    </Modal>
  );
}
