import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Session } from '@tessera/kit';
import { useMemberIcon, useMemberInfo } from '../data/member';
import { useRealMemberGuard } from '../modals/loginGuard';
import { useModals } from '../modals/ModalProvider';
import { useOpenCentre } from './overlays';
import { AvatarIcon } from './icons';
import './AccountArea.css';

/** The member's avatar; the default one while it loads, or when it or its image fails (SPEC §8). */
function Avatar() {
  const { t } = useTranslation('modals');
  const { data: icon } = useMemberIcon();
  const [broken, setBroken] = useState<string | null>(null);
  if (!icon?.url || broken === icon.url) return <AvatarIcon />;
  return <img className="avatar" src={icon.url} alt={t('avatar')} width={36} height={36} onError={() => setBroken(icon.url)} />;
}

/** Entries of the logged-in menu (SPEC §2): member-centre pages, money ones for real members only. */
const MENU: ReadonlyArray<{ key: string; page: string; realOnly?: boolean }> = [
  { key: 'menu_deposit', page: 'depositv2', realOnly: true },
  { key: 'menu_withdraw', page: 'withdraw', realOnly: true },
  { key: 'menu_betting_record', page: 'personalHistoryCopy' },
  { key: 'menu_account_details', page: 'transactionHistory' },
  { key: 'menu_profit_loss', page: 'personalProfit' },
];

/**
 * The signed-in member: avatar, nickname, VIP label (VIP0 by default), the menu, the way into the
 * personal centre, and logout with its confirm. The balance comes with the wallet.
 */
export function AccountArea({ session }: { session: Session }) {
  const { t } = useTranslation('frame');
  const { t: modalText } = useTranslation('modals');
  const openCentre = useOpenCentre();
  const modals = useModals();
  const realMemberOnly = useRealMemberGuard();
  const { data: member } = useMemberInfo();
  const [open, setOpen] = useState(false);
  const menuId = useId();

  function choose(action: () => void) {
    setOpen(false);
    action();
  }
  const leave = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setOpen(false);
  };

  return (
    <div className="account-area">
      <div className={open ? 'account-menu is-open' : 'account-menu'} onBlur={leave} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
        <button type="button" className="account-menu__toggle" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen(!open)}>
          <Avatar />
          <span className="account-area__who">
            <span className="visually-hidden">{t('header.account')} </span>
            <span className="account-area__username">{member?.nickname || session.username}</span>
            <span className="account-area__vip">{member?.clubLabel.labelName || t('header.vip_default')}</span>
          </span>
          <span className="visually-hidden">{modalText('account_menu')}</span>
        </button>
        <ul className="account-menu__list" id={menuId} hidden={!open}>
          {MENU.map(({ key, page, realOnly }) => {
            const openPage = () => openCentre('memberCentre', page);
            return (
              <li key={key}>
                <button type="button" className="account-menu__item" data-menu={page} onClick={() => choose(realOnly ? () => realMemberOnly(openPage) : openPage)}>
                  {modalText(key)}
                </button>
              </li>
            );
          })}
          <li>
            <button type="button" className="account-menu__item" data-menu="help" onClick={() => choose(() => modals.open({ kind: 'help' }))}>
              {modalText('menu_help_centre')}
            </button>
          </li>
          <li>
            <button type="button" className="account-menu__item" data-menu="logout" onClick={() => choose(() => modals.open({ kind: 'logout' }))}>
              {t('header.logout')}
            </button>
          </li>
        </ul>
      </div>
      <button type="button" className="button button--accent header__member-centre" onClick={() => openCentre('memberCentre')}>
        {t('header.member_centre')}
      </button>
      <button type="button" className="button button--ghost header__logout" onClick={() => modals.open({ kind: 'logout' })}>
        {t('header.logout')}
      </button>
    </div>
  );
}
