// A settings read on the chosen brand, fetched again when the brand changes or a save refreshes the page.
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { BackOfficeDataProvider } from '../dataProvider';
import { useStaffSession } from '../session';

export function useBrandRead<T>(rest: string) {
  const dataProvider = useDataProvider<BackOfficeDataProvider>();
  const { brand } = useStaffSession();
  return useQuery({
    queryKey: ['brandSettings', brand?.slug, rest],
    queryFn: () => dataProvider.read<T>(rest),
    enabled: Boolean(brand),
  });
}
