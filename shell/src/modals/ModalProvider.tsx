import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Notice } from '../data/content';

/** What the frame can ask the modal layer to show. */
export type ModalRequest =
  | { kind: 'notice'; notice: Notice }
  | { kind: 'announcements' }
  | { kind: 'feedback' }
  | { kind: 'help'; section?: string };

export interface Modals {
  open(request: ModalRequest): void;
  close(): void;
}

const ModalContext = createContext<Modals>({ open: () => undefined, close: () => undefined });

export function useModals(): Modals {
  return useContext(ModalContext);
}

/** Holds the open modal, above every route. */
export function ModalProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ModalRequest | null>(null);
  const modals = useMemo<Modals>(() => ({ open: setCurrent, close: () => setCurrent(null) }), []);
  return (
    <ModalContext.Provider value={modals}>
      {children}
      {current && null}
    </ModalContext.Provider>
  );
}
