import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '@tessera/kit';
import { logIn, playForFree } from '../data/member';
import { useFlag } from '../data/status';
import { Modal } from './Modal';

type Field = 'username' | 'password';
type Errors = Partial<Record<Field | 'form', string | null>>;

/** Where the agent entrance sends its logins (SPEC §2). */
const AGENT_ENTRANCE = '/agent';

/** Username login (SPEC §2, §4, §5), and free play when the brand offers it. */
export function LoginModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const freePlay = useFlag('FREEPLAY3');
  const ids = { username: useId(), usernameError: useId(), password: useId(), passwordError: useId(), formError: useId() };
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const [values, setValues] = useState({ username: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  // The path when the modal opened: the agent entrance's logins go to the agent home.
  const [home] = useState(pathname === AGENT_ENTRANCE ? '/agentHome' : '/');

  const login = useMutation({
    mutationFn: (how: 'username' | 'freePlay') =>
      how === 'freePlay' ? playForFree(queryClient) : logIn(queryClient, values.username.trim(), values.password.trim()),
    onSuccess: () => {
      onClose();
      navigate(home);
    },
    onError: (error) => {
      setErrors({ form: error instanceof ApiError && error.serverMessage ? error.serverMessage : t('error_network') });
    },
  });

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const found: Errors = {
      username: values.username.trim() ? null : t('error_username_required'),
      password: values.password.trim() ? null : t('error_password_required'),
    };
    setErrors(found);
    const first = (['username', 'password'] as const).find((field) => found[field]);
    if (first) inputs[first].current?.focus();
    else login.mutate('username');
  }

  function field(name: Field, type: string, autoComplete: string) {
    const errorId = name === 'username' ? ids.usernameError : ids.passwordError;
    return (
      <div className="field">
        <label htmlFor={ids[name]}>{t(`login_${name}`)}</label>
        <input
          ref={inputs[name]}
          id={ids[name]}
          name={name}
          type={type}
          required
          autoComplete={autoComplete}
          maxLength={name === 'username' ? 64 : 128}
          data-autofocus={name === 'username' ? true : undefined}
          value={values[name]}
          onChange={(event) => setValues((previous) => ({ ...previous, [name]: event.target.value }))}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? errorId : undefined}
        />
        {errors[name] && (
          <p id={errorId} className="field__error" data-field-error={name}>
            {errors[name]}
          </p>
        )}
      </div>
    );
  }

  return (
    <Modal title={t('login_title')} onClose={onClose} kind="login" className="login-modal">
      <form className="login" noValidate onSubmit={onSubmit} data-login-state={login.isPending ? 'sending' : 'editing'}>
        {field('username', 'text', 'username')}
        {field('password', 'password', 'current-password')}
        {errors.form && (
          <p id={ids.formError} className="field__error" role="alert" data-field-error="form">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button--highlight login__submit" disabled={login.isPending}>
          {login.isPending ? t('login_sending') : t('login_submit')}
        </button>
        {freePlay && (
          <button type="button" className="button button--ghost login__free-play" disabled={login.isPending} onClick={() => login.mutate('freePlay')}>
            {t('login_free_play')}
          </button>
        )}
        <p className="login__register">
          {t('login_no_account')}{' '}
          <Link to="/register" className="login__register-link" onClick={onClose}>
            {t('login_register')}
          </Link>
        </p>
      </form>
    </Modal>
  );
}
