/** Banner groups of SPEC §2: which top banner a route shows, and what appears under it. */

/** Home and its aliases (the login and forgot-password modals open over home). */
const HOME_PATHS = ['/', '/index', '/index.html', '/home', '/login', '/forget'];

const GROUP_BY_PATH: Record<string, string> = {
  ...Object.fromEntries([...HOME_PATHS, '/help'].map((path) => [path, 'home'])),
  ...Object.fromEntries(
    ['rng', 'live', 'fish', 'pvp', 'sports', 'esports', 'elott', 'cockfight'].map((name) => [`/${name}`, name]),
  ),
  '/pointMall': 'pointMall',
  '/register': 'w_register',
  '/register.html': 'w_register',
  '/agent': 'agent',
  '/service': 'service',
};

/** The banner group of a route, or null when the route has no top banner. */
export function bannerGroup(pathname: string): string | null {
  return GROUP_BY_PATH[pathname] ?? null;
}

/** The notice bar appears under the banner of the home group (/ and /help). */
export function showsNoticeBar(pathname: string): boolean {
  return bannerGroup(pathname) === 'home';
}

/** The jackpot counter appears under the banner of /rng. */
export function showsJackpot(pathname: string): boolean {
  return pathname === '/rng';
}

/** Whether the route is home, for marking Home as the current navigation item. */
export function isHomePath(pathname: string): boolean {
  return HOME_PATHS.includes(pathname);
}
