import type { GameLane, VendorCard } from '../data/content';

/** Game types of the navigation, in the order shown while the game menus load (SPEC §9). */
export const GAME_TYPES = ['RNG', 'LIVE', 'SPORTS', 'ESPORTS', 'FISH', 'PVP', 'ELOTT', 'COCKFIGHT'] as const;

/** Vendors shown in a navigation dropdown before its 'more' entry (SPEC §9: 11 shown). */
export const NAV_DROPDOWN_LIMIT = 11;

const CATEGORY_ROUTES: Record<string, string> = {
  RNG: '/rng',
  LIVE: '/live',
  SPORTS: '/sports',
  ESPORTS: '/esports',
  FISH: '/fish',
  PVP: '/pvp',
  ELOTT: '/elott',
  COCKFIGHT: '/cockfight',
};

/** The page of a game category, or null for a category without one. */
export function categoryRoute(category: string): string | null {
  return CATEGORY_ROUTES[category] ?? null;
}

/** A vendor's page: the vendor tab of /rng, else the category page filtered to the vendor. */
export function vendorLink(category: string, vassalage: string): string {
  const query = new URLSearchParams({ [category === 'RNG' ? 'page' : 'vendor']: vassalage });
  return `${categoryRoute(category)}?${query}`;
}

/** Where a card of a lane leads: the brand's own page it names (the house lottery's lobbies), else its vendor's page. */
export function cardLink(category: string, card: VendorCard): string {
  return card.route ?? vendorLink(category, card.vassalage);
}

/** The cards of a lane that lead to the brand's own pages (the house lottery's lobbies). */
export function ownCards(lane: GameLane | undefined): VendorCard[] {
  return (lane?.cards ?? []).filter((card) => card.route);
}

/**
 * The lanes to show: the server's lanes that have a page and a vendor (a lane the brand offers
 * nothing in would lead to an empty lobby), or every game type untitled and without vendors while
 * the menus load.
 */
export function navigationLanes(lanes: GameLane[] | undefined): GameLane[] {
  if (!lanes) return GAME_TYPES.map((gameCategory) => ({ gameCategory, title: '', cards: [] }));
  return lanes.filter((lane) => categoryRoute(lane.gameCategory) !== null && lane.cards.length > 0);
}

/** Every vendor of every lane, once each. */
export function allVendors(lanes: GameLane[] | undefined): VendorCard[] {
  const seen = new Map<string, VendorCard>();
  for (const lane of lanes ?? []) {
    for (const card of lane.cards) if (!seen.has(card.vassalage)) seen.set(card.vassalage, card);
  }
  return [...seen.values()];
}
