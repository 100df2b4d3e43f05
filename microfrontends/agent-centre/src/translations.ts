/** The agent centre's texts: namespace 'agentCentre' of the catalogues (platform/tessera/locale). */
export const NAMESPACE = 'agentCentre';
