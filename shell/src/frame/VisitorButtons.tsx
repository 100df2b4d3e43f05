import { useTranslation } from 'react-i18next';
import { useFlag } from '../data/status';
import { useModals } from '../modals/modalContext';

/** Log in and register (only when the brand takes registrations, DIRECTREG3), for visitors without a session. */
export function VisitorButtons() {
  const { t } = useTranslation('frame');
  const modals = useModals();
  const registration = useFlag('DIRECTREG3');
  return (
    <div className="visitor-buttons">
      <button type="button" className="button button--ghost header__login" onClick={() => modals.open({ kind: 'login' })}>
        {t('header.login')}
      </button>
      {registration && (
        <button type="button" className="button button--highlight header__register" onClick={() => modals.open({ kind: 'register' })}>
          {t('header.register')}
        </button>
      )}
    </div>
  );
}
