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


PERMISSIONS = frozenset(Permission)

# What a back-office call needs besides a permission: nothing (the login), or only a live staff
# session (the session itself, two-factor enrolment).
PUBLIC = "public"
SESSION = "session"
