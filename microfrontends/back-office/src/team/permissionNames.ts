// The permissions a role may hold (the API's StaffPermission), each with its catalogue text.
import { Permission } from '../permissions';

/** Every permission, in the order the role form lists them. */
export const STAFF_PERMISSIONS: readonly string[] = Object.values(Permission);

/** The catalogue key naming a permission (``tessera.permissions.deposit_approve``). */
export function permissionLabel(permission: string): string {
  return `tessera.permissions.${permission.replace('.', '_')}`;
}
