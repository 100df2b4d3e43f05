/** Texts of the frame (namespace 'frame'). */
export const en = {};

export const bn: typeof en = {};
