// The languages the brand's content is written in. The back-office API does not list a brand's
// languages, so they are those of the brand's announcements and banners (the tenant folder writes
// its own in every language the brand offers) and of the item edited; English when there is none.
import { useGetList, type RaRecord } from 'react-admin';

const EVERY = { pagination: { page: 1, perPage: 200 }, sort: { field: 'id', order: 'ASC' as const } };

function written(record: RaRecord | undefined): string[] {
  return Object.keys({ ...(record?.texts ?? {}), ...(record?.titles ?? {}) });
}

export function useBrandLanguages(record?: RaRecord): string[] {
  const announcements = useGetList('announcements', EVERY);
  const banners = useGetList('banners', EVERY);
  const found = new Set<string>([
    ...written(record),
    ...(announcements.data ?? []).flatMap(written),
    ...(banners.data ?? []).flatMap(written),
  ]);
  return found.size ? [...found].sort() : ['en'];
}
