// The languages the chosen brand's content is written in: those the brand offers (the session lists
// them, its default first), and any other the item edited was written in.
import type { RaRecord } from 'react-admin';
import { useStaffSession } from '../session';

function written(record: RaRecord | undefined): string[] {
  return Object.keys({ ...(record?.texts ?? {}), ...(record?.titles ?? {}) });
}

export function useBrandLanguages(record?: RaRecord): string[] {
  const { brand } = useStaffSession();
  const offered = brand?.languages ?? [];
  const languages = [...new Set([...offered, ...written(record)])];
  return languages.length ? languages : ['en'];
}
