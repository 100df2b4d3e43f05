import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useModals } from '../modals/ModalProvider';

/** Log in and register, for visitors without a session. */
export function VisitorButtons() {
  const { t } = useTranslation('frame');
  const modals = useModals();
  return (
    <div className="visitor-buttons">
      <button type="button" className="button button--ghost header__login" onClick={() => modals.open({ kind: 'login' })}>
        {t('header.login')}
      </button>
      <Link to="/register" className="button button--highlight header__register">
        {t('header.register')}
      </Link>
    </div>
  );
}
