import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { sendJson, useSession } from '@tessera/kit';
import type { GameVendor } from '../games/types';

/** Vendors fetched for the navigation dropdowns (SPEC §9: 30 fetched, 11 shown). */
export const VENDOR_FETCH_SIZE = 30;

/** The sessionStorage entry keeping the vendor list for the tab (SPEC §4). */
export const VENDOR_CACHE_KEY = 'gameVendors';

/** One kept answer, with the language and the session (a username, '' for a visitor) it was loaded for. */
interface CachedVendors {
  language: string;
  audience: string;
  vendors: GameVendor[];
}

/** The site's vendors, for every game type at once (POST GCSGAME_newGameVendor, public for visitors too). */
export async function fetchVendors(): Promise<GameVendor[]> {
  const answer = await sendJson<{ vendors: GameVendor[] }>('/wps/relay/GCSGAME_newGameVendor', {
    platform: 'html5-desktop',
    pageSize: VENDOR_FETCH_SIZE,
  });
  return answer.vendors;
}

// The kit's storage helpers keep values for good (localStorage); this list lasts for the tab only.
function readCache(language: string, audience: string): GameVendor[] | undefined {
  try {
    const raw = window.sessionStorage.getItem(VENDOR_CACHE_KEY);
    const cached = raw ? (JSON.parse(raw) as CachedVendors) : null;
    return cached && cached.language === language && cached.audience === audience && Array.isArray(cached.vendors)
      ? cached.vendors
      : undefined;
  } catch {
    return undefined;
  }
}

function writeCache(entry: CachedVendors): void {
  try {
    window.sessionStorage.setItem(VENDOR_CACHE_KEY, JSON.stringify(entry));
  } catch {
    /* storage disabled or full: the list is loaded again on the next page */
  }
}

export function forgetCachedVendors(): void {
  try {
    window.sessionStorage.removeItem(VENDOR_CACHE_KEY);
  } catch {
    /* nothing kept */
  }
}

const VENDORS_KEY = 'gameVendors';

/**
 * The vendor list: from session storage when this tab has it (for this language and session),
 * else loaded and kept there. A login or logout loads it again: the key follows the session, and
 * session storage, not the query cache (gcTime 0), is what keeps a list between its users.
 * Otherwise only useRefreshVendors loads it again.
 */
export function useGameVendors() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const audience = useSession()?.username ?? '';
  return useQuery({
    queryKey: [VENDORS_KEY, language, audience],
    queryFn: async () => {
      const vendors = await fetchVendors();
      writeCache({ language, audience, vendors });
      return vendors;
    },
    initialData: () => readCache(language, audience),
    placeholderData: keepPreviousData,
    staleTime: Infinity,
    gcTime: 0,
  });
}

/** Load the vendor list again, dropping the kept one. */
export function useRefreshVendors(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    forgetCachedVendors();
    await queryClient.invalidateQueries({ queryKey: [VENDORS_KEY] });
  }, [queryClient]);
}

/** The vendors shown in a game category's lane, in the order answered. */
export function vendorsOf(vendors: GameVendor[], category: string): GameVendor[] {
  return vendors.filter((vendor) => vendor.category === category);
}
