import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Log in and register, for visitors without a session. */
export function VisitorButtons() {
  const { t } = useTranslation('frame');
  return (
    <div className="visitor-buttons">
      <Link to="/login" className="button button--ghost header__login">
        {t('header.login')}
      </Link>
      <Link to="/register" className="button button--highlight header__register">
        {t('header.register')}
      </Link>
    </div>
  );
}
