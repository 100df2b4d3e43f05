/** The member centre's texts: namespace 'memberCentre' of the catalogues (platform/tessera/locale). */
export const NAMESPACE = 'memberCentre';
