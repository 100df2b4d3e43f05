// What each page of the back office needs on the chosen brand (the API's x-staff permissions).
import { allows, type StaffSession } from './session';

export const Permission = {
  AuditRead: 'audit.read',
  MemberRead: 'member.read',
  MemberEdit: 'member.edit',
  MemberCredit: 'member.credit',
  DepositApprove: 'deposit.approve',
  WithdrawalApprove: 'withdrawal.approve',
  ReportRead: 'report.read',
  ContentPublish: 'content.publish',
  JobsRead: 'jobs.read',
  GamesManage: 'games.manage',
  FeedbackReply: 'feedback.reply',
  StaffManage: 'staff.manage',
  SettingsEdit: 'settings.edit',
  LotteryRead: 'lottery.read',
  LotteryResults: 'lottery.results',
  LotteryManage: 'lottery.manage',
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
  approvals: [Permission.MemberCredit, Permission.WithdrawalApprove, Permission.DepositApprove, Permission.LotteryResults],
  audit: [Permission.AuditRead],
  dashboard: [Permission.ReportRead],
  reports: [Permission.ReportRead],
  memberReport: [Permission.ReportRead],
  announcements: [Permission.ContentPublish],
  banners: [Permission.ContentPublish],
  images: [Permission.ContentPublish],
  jobs: [Permission.JobsRead],
  jobRuns: [Permission.JobsRead],
  gameVendors: [Permission.GamesManage],
  games: [Permission.GamesManage],
  vendorWallets: [Permission.GamesManage],
  lotteryDraws: [Permission.LotteryRead],
  lotteryGames: [Permission.LotteryRead],
  lotteryBook: [Permission.LotteryRead],
  'help-articles': [Permission.ContentPublish],
  'customer-service': [Permission.ContentPublish],
  feedback: [Permission.FeedbackReply],
  team: [Permission.StaffManage],
  roles: [Permission.StaffManage],
  allowedNetworks: [Permission.SettingsEdit],
  settings: [Permission.SettingsEdit],
  maintenanceWindows: [Permission.SettingsEdit],
  paymentChannels: [Permission.DepositApprove],
  paymentNotifications: [Permission.DepositApprove],
};

export function mayUse(resource: string, session?: StaffSession | null): boolean {
  return (RESOURCE_PERMISSIONS[resource] ?? []).some((permission) => allows(permission, session));
}
