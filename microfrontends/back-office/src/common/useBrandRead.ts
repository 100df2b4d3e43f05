// A read of the chosen brand's (its settings, a report, the dashboard): fetched again when the
// brand or the query changes, and when a save refreshes the page (react-admin's refresh).
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Query } from '../api';
import type { BackOfficeDataProvider } from '../dataProvider';
import { useStaffSession } from '../session';

export function useBrandRead<T>(rest: string, query: Query = {}, enabled = true) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { brand } = useStaffSession();
  return useQuery({
    queryKey: ['brandRead', brand?.slug, rest, query],
    queryFn: () => dataProvider.read<T>(rest, query),
    enabled: enabled && Boolean(brand),
  });
}
