// The permissions a role may hold (the API's StaffPermission), each with its catalogue text.

export const STAFF_PERMISSIONS = [
  'deposit.approve',
  'withdrawal.approve',
  'member.read',
  'member.edit',
  'member.credit',
  'content.publish',
  'report.read',
  'staff.manage',
  'audit.read',
  'jobs.read',
  'settings.edit',
  'feedback.reply',
  'games.manage',
] as const;

/** The catalogue key naming a permission (``tessera.permissions.deposit_approve``). */
export function permissionLabel(permission: string): string {
  return `tessera.permissions.${permission.replace('.', '_')}`;
}
