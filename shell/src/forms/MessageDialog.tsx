import { useTranslation } from 'react-i18next';
import { Modal } from '../modals/Modal';

interface MessageDialogProps {
  message: string;
  onConfirm: () => void;
  /** Names the modal (data-modal) and its classes: `block` on the dialog, `block__confirm` on its button. */
  kind?: string;
  block?: string;
  title?: string;
  confirm?: string;
  /** 'alert' for a warning, 'status' for news that something went well. */
  role?: 'alert' | 'status';
}

/**
 * A message with one confirm button; closing it confirms. By default the warning of SPEC §8
 * (invitation_code_error, SMS send failures); also the restricted-account warning and the
 * changed-password notice.
 */
export function MessageDialog({ message, onConfirm, kind = 'warning', block = 'warning-dialog', title, confirm, role = 'alert' }: MessageDialogProps) {
  const { t } = useTranslation('forms');
  return (
    <Modal
      title={title ?? t('warning_title')}
      onClose={onConfirm}
      kind={kind}
      className={`message-dialog ${block}`}
      footer={
        <button type="button" className={`button button--highlight ${block}__confirm`} data-autofocus onClick={onConfirm}>
          {confirm ?? t('warning_confirm')}
        </button>
      }
    >
      <p className="message-dialog__message" role={role}>
        {message}
      </p>
    </Modal>
  );
}
