import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSession } from '@tessera/kit';
import type { OpenCentre } from './openCentre';

/**
 * The query parameter naming a member-centre page to open, e.g. `/?memberCentre=depositv2&deposit=12`
 * where the payment gateway returns the member.
 */
export const CENTRE_PAGE_PARAM = 'memberCentre';

/**
 * Open the member centre at the page the URL names, once a member is logged in. The parameter is
 * taken out of the URL (replacing the history entry, so a reload does not open it again); the rest
 * of the query stays for the page to read (`deposit=12` for the deposit page).
 */
export function useCentreFromQuery(openCentre: OpenCentre): void {
  const loggedIn = Boolean(useSession());
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const params = new URLSearchParams(location.search);
    const page = params.get(CENTRE_PAGE_PARAM);
    if (page === null || !loggedIn) return;
    params.delete(CENTRE_PAGE_PARAM);
    const search = params.toString();
    void navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true, state: location.state });
    if (page) openCentre('memberCentre', page);
  }, [loggedIn, location, navigate, openCentre]);
}
