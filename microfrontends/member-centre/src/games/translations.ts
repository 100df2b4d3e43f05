/** The record pages' texts: namespace 'memberCentreGames' of the catalogues (platform/tessera/locale). */
export const GAMES_NS = 'memberCentreGames';
