/** Route parameter `games`: the games pages and the e-games pages (SPEC §2). */
export const GAME_CATEGORIES = ['sports', 'esports', 'elott', 'cockfight'];
export const EGAME_CATEGORIES = ['rng', 'fish', 'pvp'];

export type CategoryKind = 'games' | 'egames';

export function categoryKind(games: string | undefined): CategoryKind | null {
  if (!games) return null;
  if (GAME_CATEGORIES.includes(games)) return 'games';
  if (EGAME_CATEGORIES.includes(games)) return 'egames';
  return null;
}
