import { QueryClient } from '@tanstack/react-query';
import type { Bootstrap } from '@tessera/kit';
import { gameMenusKey, noticesKey } from './content';
import { statusKey } from './status';

/**
 * One client for the page: a failed call is retried once, nothing refetches on window focus, and
 * the answers the page came with are there from the start when they are in the page's language.
 */
export function createQueryClient(bootstrap?: Bootstrap, language?: string): QueryClient {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
  });
  const initial = bootstrap?.initial;
  if (initial && language && bootstrap.language === language) {
    if (initial.status) client.setQueryData(statusKey(language), initial.status);
    if (initial.notices) client.setQueryData(noticesKey(language), initial.notices);
    if (initial.gameMenus) client.setQueryData(gameMenusKey(language), initial.gameMenus);
  }
  return client;
}
