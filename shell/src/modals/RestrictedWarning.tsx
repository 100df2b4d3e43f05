import { useTranslation } from 'react-i18next';
import { MessageDialog } from '../forms';

/** The warning a restricted (not real) account gets instead of a member-only action (SPEC §5, §8). */
export function RestrictedWarning({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  return (
    <MessageDialog
      kind="restrictedAccount"
      block="restricted-warning"
      title={t('restricted_title')}
      message={t('in_need_true_account')}
      confirm={t('in_increase_submit')}
      onConfirm={onClose}
    />
  );
}
