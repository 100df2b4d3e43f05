import { useCallback, useState, type ReactNode } from 'react';
import { CentreOverlay } from '../remotes/CentreOverlay';
import type { RemoteName } from '../remotes/runtime';
import { useCentreFromQuery } from './centreFromQuery';
import { OpenCentreContext, type OpenCentre } from './openCentre';

const TITLE_KEYS: Record<RemoteName, string> = {
  memberCentre: 'member_centre',
  agentCentre: 'agent_centre',
};

/** The member centre and agent centre overlays, above every route. */
export function OverlayProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState<{ remote: RemoteName; page?: string } | null>(null);
  const openCentre = useCallback<OpenCentre>((remote, page) => setOpen({ remote, page }), []);
  useCentreFromQuery(openCentre);
  return (
    <OpenCentreContext.Provider value={openCentre}>
      {children}
      {open && (
        <CentreOverlay
          remote={open.remote}
          page={open.page}
          titleKey={TITLE_KEYS[open.remote]}
          onClose={() => setOpen(null)}
        />
      )}
    </OpenCentreContext.Provider>
  );
}
