import { useTranslation } from 'react-i18next';
import { useOpenCentre } from '../frame/openCentre';
import { Modal } from './Modal';

/** The member centre page where deposits are made (SPEC §2). */
export const DEPOSIT_PAGE = 'depositv2';

/** A welcome after registration or a first login, pointing to the first deposit (SPEC §4). */
export function DepositDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('forms');
  const openCentre = useOpenCentre();
  return (
    <Modal
      title={t('deposit_title')}
      onClose={onClose}
      kind="deposit"
      className="deposit-dialog"
      footer={
        <>
          <button type="button" className="button button--ghost deposit-dialog__later" onClick={onClose}>
            {t('deposit_later')}
          </button>
          <button
            type="button"
            className="button button--highlight deposit-dialog__now"
            data-autofocus
            onClick={() => {
              onClose();
              openCentre('memberCentre', DEPOSIT_PAGE);
            }}
          >
            {t('deposit_now')}
          </button>
        </>
      }
    >
      <p className="deposit-dialog__message">{t('deposit_message')}</p>
    </Modal>
  );
}
