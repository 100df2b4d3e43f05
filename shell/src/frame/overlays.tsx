import { createContext, useCallback, useContext, useState, type ReactNode } from 'react';
import { CentreOverlay } from '../remotes/CentreOverlay';
import type { RemoteName } from '../remotes/runtime';
import { useCentreFromQuery } from './centreFromQuery';

const TITLE_KEYS: Record<RemoteName, string> = {
  memberCentre: 'member_centre',
  agentCentre: 'agent_centre',
};

/** Open the member centre or agent centre, at its default page or at ``page``. */
export type OpenCentre = (remote: RemoteName, page?: string) => void;

const OverlayContext = createContext<OpenCentre>(() => undefined);

export function useOpenCentre(): OpenCentre {
  return useContext(OverlayContext);
}

/** The member centre and agent centre overlays, above every route. */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ remote: RemoteName; page?: string } | null>(null);
  const openCentre = useCallback<OpenCentre>((remote, page) => setOpen({ remote, page }), []);
  useCentreFromQuery(openCentre);
  return (
    <OverlayContext.Provider value={openCentre}>
      {children}
      {open && (
        <CentreOverlay
          remote={open.remote}
          page={open.page}
          titleKey={TITLE_KEYS[open.remote]}
          onClose={() => setOpen(null)}
        />
      )}
    </OverlayContext.Provider>
  );
}
