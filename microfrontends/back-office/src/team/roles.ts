// The roles the brand may give, and which of them the staff member may give: a role holding only
// permissions they hold on the brand (a superuser any).
import { useGetList, type RaRecord } from 'react-admin';
import { allows, useStaffSession } from '../session';

export interface Role extends RaRecord {
  name: string;
  permissions: string[];
  brandOwn: boolean;
}

export function useRoleChoices(): { name: string; disabled: boolean }[] {
  const { session } = useStaffSession();
  const { data = [] } = useGetList<Role>('roles', { pagination: { page: 1, perPage: 1000 }, sort: { field: 'name', order: 'ASC' } });
  return data.map((role) => ({ name: role.name, disabled: !role.permissions.every((permission) => allows(permission, session)) }));
}
