import { useDeferredValue, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { BrowserRouter, Outlet, useRoutes, type RouteObject } from 'react-router';
import type { Bootstrap } from '@tessera/kit';
import { BootstrapContext } from './brand';
import { createQueryClient } from './data/queryClient';
import { SYSTEM_STATUS, useSystemStatus } from './data/status';
import { OverlayProvider } from './frame/overlays';
import { ModalProvider } from './modals/ModalProvider';
import { RouteGuard } from './RouteGuard';
import { ROUTES } from './routes';
import { MaintenanceView, RegionBlockedView } from './system/SystemViews';
import { OfflineNotice } from './webapp/OfflineNotice';

// The routes under the overlays and modals (modals sit inside the overlays so that one can open a
// centre: the deposit dialog). Declarative routing: the page needs none of a data router's loaders.
const ROOT: RouteObject[] = [
  {
    element: (
      <OverlayProvider>
        <ModalProvider>
          <RouteGuard>
            <Outlet />
          </RouteGuard>
        </ModalProvider>
      </OverlayProvider>
    ),
    children: ROUTES,
  },
];

function AppRoutes() {
  return useRoutes(ROOT);
}

/** The three top-level views chosen by system status; the normal app until the status says otherwise. */
function Views() {
  const { data, isPending } = useSystemStatus();
  // The status decides the view (and the route guard's flag): wait for it, or for its failure. The
  // whole page is then drawn as a transition, in slices between which the browser paints and answers
  // taps, rather than in one long block of work on a slow phone.
  const waiting = useDeferredValue(isPending, true);
  const status = useDeferredValue(data);
  if (waiting) return null;
  if (status?.status === SYSTEM_STATUS.maintenance) return <MaintenanceView status={status} />;
  if (status?.status === SYSTEM_STATUS.regionBlocked) return <RegionBlockedView status={status} />;
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

export function App({ bootstrap }: { bootstrap: Bootstrap }) {
  const [queryClient] = useState(() => createQueryClient(bootstrap, i18next.language));
  return (
    <QueryClientProvider client={queryClient}>
      <BootstrapContext.Provider value={bootstrap}>
        <OfflineNotice />
        <Views />
      </BootstrapContext.Provider>
    </QueryClientProvider>
  );
}
