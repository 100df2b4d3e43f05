import { Suspense, useCallback, useState, type ReactNode } from 'react';
import { deferred } from '../deferred';
import type { RemoteName } from '../remotes/runtime';
import { useCentreFromQuery } from './centreFromQuery';
import { OpenCentreContext, type OpenCentre } from './openCentre';

// The overlay's code (and the remote it loads) comes when a centre is first opened.
const CentreOverlay = deferred(() => import('../remotes/CentreOverlay').then((m) => m.CentreOverlay));

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
        <Suspense fallback={null}>
          <CentreOverlay
            remote={open.remote}
            page={open.page}
            titleKey={TITLE_KEYS[open.remote]}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
    </OpenCentreContext.Provider>
  );
}
