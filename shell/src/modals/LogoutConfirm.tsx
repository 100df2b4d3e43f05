import { useTranslation } from 'react-i18next';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { logOut } from '../data/member';
import { Modal } from './Modal';

/** The logout confirm (SPEC §2, §4): on confirm the session ends, here even if the server refuses. */
export function LogoutConfirm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('modals');
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const logout = useMutation({
    mutationFn: () => logOut(queryClient),
    onSettled: () => {
      onClose();
      navigate('/');
    },
  });
  return (
    <Modal
      title={t('logout_title')}
      onClose={onClose}
      kind="logout"
      className="logout-confirm"
      footer={
        <>
          <button type="button" className="button button--ghost logout__cancel" onClick={onClose} data-autofocus>
            {t('logout_cancel')}
          </button>
          <button type="button" className="button button--highlight logout__confirm" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {t('logout_confirm')}
          </button>
        </>
      }
    >
      <p>{t('logout_question')}</p>
    </Modal>
  );
}
