import { useTranslation } from 'react-i18next';
import { Modal } from '../modals/Modal';

/** A warning with one confirm button (SPEC §8: invitation_code_error, SMS send failures). */
export function WarningDialog({ message, onConfirm, title }: { message: string; onConfirm: () => void; title?: string }) {
  const { t } = useTranslation('forms');
  return (
    <Modal
      title={title ?? t('warning_title')}
      onClose={onConfirm}
      kind="warning"
      className="warning-dialog"
      footer={
        <button type="button" className="button button--highlight warning-dialog__confirm" data-autofocus onClick={onConfirm}>
          {t('warning_confirm')}
        </button>
      }
    >
      <p className="warning-dialog__message" role="alert">
        {message}
      </p>
    </Modal>
  );
}
