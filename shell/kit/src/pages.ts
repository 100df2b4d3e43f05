import type { ComponentType } from 'react';

/** What a micro-frontend exposes as './pages': page key to component, in menu order. */
export interface PageEntry {
  key: string;
  labelKey: string;
  component: ComponentType;
}

export interface PageRegistry {
  /** i18next namespace holding the labels. */
  namespace: string;
  defaultPage: string;
  pages: PageEntry[];
}
