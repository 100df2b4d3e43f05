// A report or the dashboard of the chosen brand, fetched again when the brand or the query changes.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { Query } from '../api';
import type { BackOfficeDataProvider } from '../dataProvider';
import { useStaffSession } from '../session';

export function useReport<T>(rest: string, query: Query, enabled = true) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { brand } = useStaffSession();
  return useQuery({
    queryKey: ['report', brand?.slug, rest, query],
    queryFn: () => dataProvider.read<T>(rest, query),
    enabled: enabled && Boolean(brand),
  });
}
