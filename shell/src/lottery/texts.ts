/** The lottery pages' texts: namespace 'lottery' of the catalogues (platform/tessera/locale). */
export const LOTTERY_NS = 'lottery';
