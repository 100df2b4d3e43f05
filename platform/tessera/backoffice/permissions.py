"""What a staff member may do in the back office, named: roles are made of these, held per brand."""

from enum import StrEnum


class Permission(StrEnum):
    DepositApprove = "deposit.approve"
    WithdrawalApprove = "withdrawal.approve"
    MemberRead = "member.read"
    MemberEdit = "member.edit"
    MemberCredit = "member.credit"
    ContentPublish = "content.publish"
    ReportRead = "report.read"
    StaffManage = "staff.manage"
    AuditRead = "audit.read"
    JobsRead = "jobs.read"
    SettingsEdit = "settings.edit"
    FeedbackReply = "feedback.reply"
    GamesManage = "games.manage"
    LotteryRead = "lottery.read"  # draws, their settlement and each number's liability
    LotteryResults = "lottery.results"  # enter, correct or cancel a draw's results
    LotteryManage = "lottery.manage"  # the schedule, odds and limits


PERMISSIONS = frozenset(Permission)

# What a back-office call needs besides a permission: nothing (the login), or only a live staff
# session (the session itself, two-factor enrolment).
PUBLIC = "public"
SESSION = "session"
