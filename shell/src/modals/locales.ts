/** Texts of the modals and help pages (namespace 'modals'). */
export const en = {};

export const bn: typeof en = {};
