import { useTranslation } from 'react-i18next';
import type { Session } from '@tessera/kit';
import { useMemberInfo } from '../data/member';
import { useModals } from '../modals/ModalProvider';
import { useOpenCentre } from './overlays';
import { AvatarIcon } from './icons';

/** The signed-in member: avatar, nickname, VIP label, the way into the personal centre, and logout. */
export function AccountArea({ session }: { session: Session }) {
  const { t } = useTranslation('frame');
  const openCentre = useOpenCentre();
  const modals = useModals();
  const { data: member } = useMemberInfo();
  return (
    <div className="account-area">
      <AvatarIcon />
      <span className="account-area__who">
        <span className="visually-hidden">{t('header.account')} </span>
        <span className="account-area__username">{member?.nickname || session.username}</span>
        <span className="account-area__vip">{member?.clubLabel.labelName || t('header.vip_default')}</span>
      </span>
      <button type="button" className="button button--accent header__member-centre" onClick={() => openCentre('memberCentre')}>
        {t('header.member_centre')}
      </button>
      <button type="button" className="button button--ghost header__logout" onClick={() => modals.open({ kind: 'logout' })}>
        {t('header.logout')}
      </button>
    </div>
  );
}
