/** The payment pages' texts: namespace 'memberCentrePayments' of the catalogues (platform/tessera/locale). */
export const PAYMENTS_NS = 'memberCentrePayments';
