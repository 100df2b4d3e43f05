export { readBootstrap, BOOTSTRAP_ELEMENT_ID } from './bootstrap';
export type { Bootstrap, Brand } from './bootstrap';
export { getJson, ApiError } from './api';
export type { Envelope } from './api';
export { STORAGE_KEYS, readStored, writeStored } from './storage';
export type { PageEntry, PageRegistry } from './pages';
export { addPageTranslations, comingSoonPage } from './comingSoon';
