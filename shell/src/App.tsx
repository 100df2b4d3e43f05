import { useEffect, useMemo, useState } from 'react';
import { createBrowserRouter, Outlet, RouterProvider } from 'react-router';
import type { Bootstrap } from '@tessera/kit';
import { BootstrapContext } from './brand';
import { OverlayProvider } from './frame/overlays';
import { ROUTES } from './routes';
import { fetchSystemStatus, SYSTEM_STATUS, type SystemStatus } from './system/status';
import { MaintenanceView, RegionBlockedView } from './system/SystemViews';

/** The three top-level views chosen by system status; the normal app until the status says otherwise. */
export function App({ bootstrap }: { bootstrap: Bootstrap }) {
  const [status, setStatus] = useState<SystemStatus | null>(null);
  const router = useMemo(
    () =>
      createBrowserRouter([
        {
          element: (
            <OverlayProvider>
              <Outlet />
            </OverlayProvider>
          ),
          children: ROUTES,
        },
      ]),
    [],
  );

  useEffect(() => {
    fetchSystemStatus().then(setStatus, () => setStatus(null));
  }, []);

  let view;
  if (status?.status === SYSTEM_STATUS.maintenance) view = <MaintenanceView status={status} />;
  else if (status?.status === SYSTEM_STATUS.regionBlocked) view = <RegionBlockedView status={status} />;
  else view = <RouterProvider router={router} />;
  return <BootstrapContext.Provider value={bootstrap}>{view}</BootstrapContext.Provider>;
}
