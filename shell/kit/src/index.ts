export { readBootstrap, BOOTSTRAP_ELEMENT_ID } from './bootstrap';
export type { Bootstrap, Brand } from './bootstrap';
export { request, getJson, sendJson, ApiError } from './api';
export type { Envelope, Query } from './api';
export { STORAGE_KEYS, readStored, writeStored } from './storage';
export { readSession, writeSession, useSession, isAgent, REAL_ACCOUNT, AGENT_TYPES } from './session';
export type { Session } from './session';
export type { PageEntry, PageRegistry } from './pages';
export { addPageTranslations, comingSoonPage } from './comingSoon';
