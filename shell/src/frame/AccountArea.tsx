import { useTranslation } from 'react-i18next';
import type { Session } from '@tessera/kit';
import { useOpenCentre } from './overlays';
import { AvatarIcon } from './icons';
import { vipLabelName } from './vip';

/** The signed-in member: avatar, username, VIP label and the way into the personal centre. */
export function AccountArea({ session }: { session: Session }) {
  const { t } = useTranslation('frame');
  const openCentre = useOpenCentre();
  const vipLabel = vipLabelName(session) ?? t('header.vip_default');
  return (
    <div className="account-area">
      <AvatarIcon />
      <span className="account-area__who">
        <span className="visually-hidden">{t('header.account')} </span>
        <span className="account-area__username">{session.username}</span>
        <span className="account-area__vip">{vipLabel}</span>
      </span>
      <button type="button" className="button button--accent header__member-centre" onClick={() => openCentre('memberCentre')}>
        {t('header.member_centre')}
      </button>
    </div>
  );
}
