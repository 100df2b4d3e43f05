// What each page of the back office needs on the chosen brand (the API's x-staff permissions).
import { allows, type StaffSession } from './session';

export const Permission = {
  AuditRead: 'audit.read',
  MemberRead: 'member.read',
  MemberEdit: 'member.edit',
  MemberCredit: 'member.credit',
  DepositApprove: 'deposit.approve',
  WithdrawalApprove: 'withdrawal.approve',
} as const;

/** A page shows to a staff member holding any of its permissions. */
export const RESOURCE_PERMISSIONS: Record<string, string[]> = {
  members: [Permission.MemberRead],
  ledger: [Permission.MemberRead],
  bets: [Permission.MemberRead],
  sessions: [Permission.MemberRead],
  notes: [Permission.MemberRead],
  deposits: [Permission.DepositApprove],
  withdrawals: [Permission.WithdrawalApprove],
  approvals: [Permission.MemberCredit, Permission.WithdrawalApprove, Permission.DepositApprove],
  audit: [Permission.AuditRead],
};

export function mayUse(resource: string, session?: StaffSession | null): boolean {
  return (RESOURCE_PERMISSIONS[resource] ?? []).some((permission) => allows(permission, session));
}
