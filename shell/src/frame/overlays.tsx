import { createContext, useContext, useState, type ReactNode } from 'react';
import { CentreOverlay } from '../remotes/CentreOverlay';
import type { RemoteName } from '../remotes/runtime';

const TITLE_KEYS: Record<RemoteName, string> = {
  memberCentre: 'member_centre',
  agentCentre: 'agent_centre',
};

const OverlayContext = createContext<(remote: RemoteName) => void>(() => undefined);

export function useOpenCentre() {
  return useContext(OverlayContext);
}

/** The member centre and agent centre overlays, above every route. */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<RemoteName | null>(null);
  return (
    <OverlayContext.Provider value={setOpen}>
      {children}
      {open && <CentreOverlay remote={open} titleKey={TITLE_KEYS[open]} onClose={() => setOpen(null)} />}
    </OverlayContext.Provider>
  );
}
