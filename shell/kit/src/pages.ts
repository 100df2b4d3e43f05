import type { ComponentType } from 'react';

/** The counts a menu entry can show as a red badge (SPEC §2: missions, messages, rewards). */
export type BadgeKey = 'missions' | 'messages' | 'rewards';

/** What a micro-frontend exposes as './pages': page key to component, in menu order. */
export interface PageEntry {
  key: string;
  labelKey: string;
  component: ComponentType;
  /** Shown only when the brand turns this whitelabel flag on. */
  flag?: string;
  /** The count shown as a red badge when above zero. */
  badge?: BadgeKey;
}

export interface PageRegistry {
  /** i18next namespace holding the labels. */
  namespace: string;
  defaultPage: string;
  pages: PageEntry[];
}
