import { Suspense, use, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBadgeCounts, type PageEntry, type PageRegistry } from '@tessera/kit';
import { useSystemStatus } from '../data/status';
import { lockPageScroll } from '../modals/Modal';
import { LoadBoundary } from '../LoadBoundary';
import { loadPages, type RemoteName } from './runtime';

const pending = new Map<RemoteName, Promise<PageRegistry>>();

/** Forget a remote's load, so the next open (Retry) asks again. */
export function forgetRemote(remote: RemoteName): void {
  pending.delete(remote);
}

/** One load per remote, kept even when it fails so Suspense settles on the error until Retry. */
function registryOf(remote: RemoteName): Promise<PageRegistry> {
  let promise = pending.get(remote);
  if (!promise) {
    promise = loadPages(remote);
    pending.set(remote, promise);
  }
  return promise;
}

/** The registry's pages the brand shows: those behind a whitelabel flag only when it is on. */
function useVisiblePages(registry: PageRegistry): PageEntry[] {
  const whitelabel = useSystemStatus().data?.whitelabel;
  return registry.pages.filter((entry) => !entry.flag || Boolean(whitelabel?.[entry.flag]));
}

/** A red badge with the count, only when it is above zero. */
export function CountBadge({ count }: { count: number | undefined }) {
  const { t } = useTranslation();
  if (!count || count <= 0) return null;
  return (
    <>
      <span className="count-badge" aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span className="visually-hidden">{t('count_badge', { count })}</span>
    </>
  );
}

/** On a phone the centre shows its menu or one page at a time (centre.css); both side by side elsewhere. */
export type CentreView = 'menu' | 'page';

interface PagesProps {
  remote: RemoteName;
  attempt: number;
  initialPage?: string;
  view: CentreView;
  onChoose: () => void;
}

function CentrePages({ remote, attempt, initialPage, view, onChoose }: PagesProps) {
  const registry = use(registryOf(remote));
  const { t } = useTranslation(registry.namespace);
  const [active, setActive] = useState(initialPage ?? registry.defaultPage);
  const pages = useVisiblePages(registry);
  const counts = useBadgeCounts();
  const page = pages.find((entry) => entry.key === active) ?? pages[0];
  const Page = page.component;
  return (
    <div className="centre" data-attempt={attempt} data-view={view}>
      <nav className="centre__menu">
        <ul>
          {pages.map((entry) => (
            <li key={entry.key}>
              <button
                type="button"
                className={entry.key === page.key ? 'active' : undefined}
                aria-current={entry.key === page.key ? 'page' : undefined}
                data-page={entry.key}
                onClick={() => {
                  setActive(entry.key);
                  onChoose();
                }}
              >
                {t(entry.labelKey)}
                <CountBadge count={entry.badge ? counts[entry.badge] : undefined} />
              </button>
            </li>
          ))}
        </ul>
      </nav>
      <div className="centre__content">
        <Page />
      </div>
    </div>
  );
}

interface Props {
  remote: RemoteName;
  /** The page to open at; the registry's default page otherwise. */
  page?: string;
  titleKey: string;
  onClose: () => void;
}

function BackIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The member centre or agent centre, loaded from its remote when opened. Full-screen on a phone,
 * where its back control leads from a page to the centre's menu and from the menu to the site.
 */
export function CentreOverlay({ remote, page, titleKey, onClose }: Props) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [view, setView] = useState<CentreView>(page ? 'page' : 'menu');
  // The page under the overlay holds still (on a phone a swipe would otherwise scroll it).
  useEffect(() => lockPageScroll(), []);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-label={t(titleKey)} data-remote={remote}>
      <div className="overlay__panel">
        <div className="overlay__header">
          <button
            type="button"
            className="overlay__back"
            data-back-to={view === 'page' ? 'menu' : 'site'}
            aria-label={t(view === 'page' ? 'centre_back_to_menu' : 'centre_back_to_site')}
            onClick={() => (view === 'page' ? setView('menu') : onClose())}
          >
            <BackIcon />
            {t('back')}
          </button>
          <h2>{t(titleKey)}</h2>
          <button type="button" className="overlay__close" onClick={onClose}>
            {t('close')}
          </button>
        </div>
        <LoadBoundary
          key={attempt}
          onRetry={() => {
            forgetRemote(remote);
            setAttempt(attempt + 1);
          }}
        >
          <Suspense fallback={<p className="loading">{t('loading')}</p>}>
            <CentrePages remote={remote} attempt={attempt} initialPage={page} view={view} onChoose={() => setView('page')} />
          </Suspense>
        </LoadBoundary>
      </div>
    </div>
  );
}
