import { useId, useState, type FocusEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, moneyStyleOf, readStored, STORAGE_KEYS, useBalance, writeStored, type Session } from '@tessera/kit';
import { useBrand } from '../brand';
import { useMemberIcon, useMemberInfo } from '../data/member';
import { useRealMemberGuard } from '../modals/loginGuard';
import { useModals } from '../modals/modalContext';
import { useOpenCentre } from './openCentre';
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

const STROKE = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

function RefreshIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" {...STROKE} />
    </svg>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" {...STROKE} />
      <circle cx="12" cy="12" r="3" {...STROKE} />
      {crossed && <path d="M4 4l16 16" {...STROKE} />}
    </svg>
  );
}

/** What the balance shows while it is hidden (SPEC §2). */
const HIDDEN_BALANCE = '***';

/**
 * The member's balance (SPEC §2, §9): refreshed by a click, hidden as *** by another, the choice
 * kept in localStorage. Money pages refresh the same shared balance after every money action.
 */
function Balance() {
  const { t, i18n } = useTranslation('frame');
  const { balance, loading, error, refresh } = useBalance();
  const brand = useBrand();
  const [hidden, setHidden] = useState(() => readStored(STORAGE_KEYS.hideBalance) === '1');
  const toggle = () => {
    writeStored(STORAGE_KEYS.hideBalance, hidden ? '0' : '1');
    setHidden(!hidden);
  };
  const unavailable = !hidden && !balance && Boolean(error);
  let shown: string;
  if (hidden) shown = HIDDEN_BALANCE;
  else if (balance) shown = formatMoney(balance.sumBalance, moneyStyleOf(brand), i18n.language);
  else shown = unavailable ? '--' : '…';
  return (
    <div className="account-balance" data-loading={loading || undefined}>
      <span className="account-balance__amount" aria-live="polite">
        <span className="visually-hidden">{t(unavailable ? 'header.balance_unavailable' : 'header.balance')} </span>
        <span data-balance>{shown}</span>
      </span>
      <button type="button" className="account-balance__refresh" aria-label={t('header.balance_refresh')} disabled={loading} onClick={() => void refresh()}>
        <RefreshIcon />
      </button>
      <button type="button" className="account-balance__toggle" aria-label={t(hidden ? 'header.balance_show' : 'header.balance_hide')} onClick={toggle}>
        <EyeIcon crossed={hidden} />
      </button>
    </div>
  );
}

/** Entries of the logged-in menu (SPEC §2): member-centre pages, money ones for real members only. */
const MENU: ReadonlyArray<{ key: string; page: string; realOnly?: boolean }> = [
  { key: 'menu_deposit', page: 'depositv2', realOnly: true },
  { key: 'menu_withdraw', page: 'withdraw', realOnly: true },
  { key: 'menu_betting_record', page: 'personalHistoryCopy' },
  { key: 'menu_account_details', page: 'transactionHistory' },
  { key: 'menu_profit_loss', page: 'personalProfit' },
];

/** The way into the personal centre (in the compact header's menu on a phone). */
export function MemberCentreButton() {
  const { t } = useTranslation('frame');
  const openCentre = useOpenCentre();
  return (
    <button type="button" className="button button--accent header__member-centre" onClick={() => openCentre('memberCentre')}>
      {t('header.member_centre')}
    </button>
  );
}

/**
 * The signed-in member: avatar, nickname, VIP label (VIP0 by default), the menu, the way into the
 * personal centre, the balance, and logout with its confirm. ``compact`` (the phone's header)
 * leaves the personal centre to the header's menu and logout to the account menu.
 */
export function AccountArea({ session, compact = false }: { session: Session; compact?: boolean }) {
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
      <Balance />
      {!compact && (
        <>
          <MemberCentreButton />
          <button type="button" className="button button--ghost header__logout" onClick={() => modals.open({ kind: 'logout' })}>
            {t('header.logout')}
          </button>
        </>
      )}
    </div>
  );
}
