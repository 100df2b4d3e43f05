import { Suspense, useEffect, type ComponentType, type ReactElement, type ReactNode } from 'react';
import { deferred, retryDeferred } from './deferred';
import { useLocation, useSearchParams, type RouteObject } from 'react-router';
import { Frame, type FrameVariant } from './frame/Frame';
import { LoadBoundary } from './LoadBoundary';
import { useModals } from './modals/modalContext';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

// Home comes with the shell; every other page's code comes when its route is first opened.
const GamesPage = deferred(() => import('./pages/GamesPage').then((m) => m.GamesPage));
const LivePage = deferred(() => import('./pages/GamesPage').then((m) => m.LivePage));
const DownloadPage = deferred(() => import('./pages/DownloadPage').then((m) => m.DownloadPage));
const HelpCentrePage = deferred(() => import('./pages/HelpCentrePage').then((m) => m.HelpCentrePage));
const HelpPage = deferred(() => import('./pages/HelpPage').then((m) => m.HelpPage));
const NoticeListPage = deferred(() => import('./pages/NoticeListPage').then((m) => m.NoticeListPage));
const SectionPage = deferred(() => import('./pages/SectionPage').then((m) => m.SectionPage));
const GamePage = deferred(() => import('./play/GamePage').then((m) => m.GamePage));
const LotteryPage = deferred(() => import('./lottery/LotteryPages').then((m) => m.LotteryPage));
const VnLotteryPage = deferred(() => import('./lottery/LotteryPages').then((m) => m.VnLotteryPage));
const LotteryVerifyPage = deferred(() => import('./lottery/LotteryPages').then((m) => m.VerifyPage));

/**
 * A page whose code is still coming: the frame stands, the page's place stays empty. A lobby's place
 * is held a screen high, so that what is under it (the footer) is not drawn in view only to be pushed
 * away when the lobby comes. Code that cannot come (offline, a page never opened) says so, with a retry.
 */
function Page({ children, lobby = false }: { children: ReactNode; lobby?: boolean }) {
  const { pathname } = useLocation();
  const holding = lobby ? 'page-loading page-loading--lobby' : 'page-loading';
  // Keyed by the route: a failure stays with the page it happened on.
  return (
    <LoadBoundary key={pathname} onRetry={retryDeferred}>
      <Suspense fallback={<div className={holding} aria-busy="true" />}>{children}</Suspense>
    </LoadBoundary>
  );
}

/** The frame variant and page of every fixed route of SPEC §2 (aliases share a page key). */
const SECTIONS: Array<{ paths: string[]; pageKey: string; variant: FrameVariant }> = [
  { paths: ['/', '/index', '/index.html', '/home', '/forget'], pageKey: 'home', variant: 'full' },
  { paths: ['/login'], pageKey: 'login', variant: 'full' },
  { paths: ['/register', '/register.html'], pageKey: 'register', variant: 'full' },
  { paths: ['/noticePage'], pageKey: 'noticePage', variant: 'bannerNoSide' },
  { paths: ['/vip'], pageKey: 'vip', variant: 'bannerNoSide' },
  { paths: ['/pointMall'], pageKey: 'pointMall', variant: 'bannerNoSide' },
  { paths: ['/agent'], pageKey: 'agent', variant: 'agentFooter' },
  { paths: ['/agentHome'], pageKey: 'agentHome', variant: 'agentFooter' },
  { paths: ['/service'], pageKey: 'service', variant: 'full' },
  { paths: ['/lottery'], pageKey: 'lottery', variant: 'headerOnly' },
  { paths: ['/vnlottery'], pageKey: 'vnlottery', variant: 'headerOnly' },
  // Anyone checks a drawn fast draw against its published commitment.
  { paths: ['/lottery/verify'], pageKey: 'lotteryVerify', variant: 'headerOnly' },
  { paths: ['/hot'], pageKey: 'hot', variant: 'full' },
  { paths: ['/live'], pageKey: 'live', variant: 'full' },
  { paths: ['/promotions'], pageKey: 'promotions', variant: 'full' },
  { paths: ['/promoDetail'], pageKey: 'promoDetail', variant: 'full' },
  { paths: ['/seamless'], pageKey: 'seamless', variant: 'headerOnly' },
  { paths: ['/fbsports'], pageKey: 'fbsports', variant: 'headerOnly' },
  { paths: ['/help'], pageKey: 'help', variant: 'full' },
  { paths: ['/helpmc'], pageKey: 'helpmc', variant: 'bare' },
  // /download too: the route guard lets a visitor reach it when a brand asks for a login first (SPEC §2).
  { paths: ['/down', '/download'], pageKey: 'down', variant: 'full' },
  { paths: ['/join'], pageKey: 'join', variant: 'full' },
  { paths: ['/game'], pageKey: 'game', variant: 'headerOnly' },
];

/** The page keys of the game lobbies (besides /:games). */
const LOBBY_PAGES = new Set(['live', 'lottery', 'vnlottery']);

/** The pages built so far; every other page key shows its section page. */
const PAGES: Record<string, ComponentType> = {
  home: HomePage,
  login: LoginPage,
  register: RegisterPage,
  help: HelpPage,
  helpmc: HelpCentrePage,
  noticePage: NoticeListPage,
  down: DownloadPage,
  game: GamePage,
  live: LivePage,
  lottery: LotteryPage,
  vnlottery: VnLotteryPage,
  lotteryVerify: LotteryVerifyPage,
};

/** /login: home, with the login modal open over it. */
function LoginPage() {
  const modals = useModals();
  useEffect(() => modals.open({ kind: 'login' }), [modals]);
  return <HomePage />;
}

/** /register: home, with the register modal open over it, carrying the address's referral code. */
function RegisterPage() {
  const modals = useModals();
  const [params] = useSearchParams();
  const referralCode = params.get('referralCode');
  useEffect(() => modals.open({ kind: 'register', referralCode }), [modals, referralCode]);
  return <HomePage />;
}

function pageOf(pageKey: string): ReactElement {
  const Page = PAGES[pageKey];
  return Page ? <Page /> : <SectionPage pageKey={pageKey} />;
}

export const ROUTES: RouteObject[] = [
  ...SECTIONS.flatMap(({ paths, pageKey, variant }) =>
    paths.map((path) => ({
      path,
      element: (
        <Frame variant={variant}>
          <Page lobby={LOBBY_PAGES.has(pageKey)}>{pageOf(pageKey)}</Page>
        </Frame>
      ),
    })),
  ),
  {
    path: '/:games',
    element: (
      <Frame variant="full">
        <Page lobby>
          <GamesPage />
        </Page>
      </Frame>
    ),
  },
  {
    path: '*',
    element: (
      <Frame variant="full">
        <NotFoundPage />
      </Frame>
    ),
  },
];
