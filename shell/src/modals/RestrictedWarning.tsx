import { useTranslation } from 'react-i18next';
import { Modal } from './Modal';

/** The warning a restricted (not real) account gets instead of a member-only action (SPEC §5, §8). */
export function RestrictedWarning({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  return (
    <Modal
      title={t('restricted_title')}
      onClose={onClose}
      kind="restrictedAccount"
      className="restricted-warning"
      footer={
        <button type="button" className="button button--highlight restricted-warning__confirm" data-autofocus onClick={onClose}>
          {t('in_increase_submit')}
        </button>
      }
    >
      <p role="alert">{t('in_need_true_account')}</p>
    </Modal>
  );
}
