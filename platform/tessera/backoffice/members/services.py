"""A brand's members as its staff see them: found and listed, their profile, wallets, ledger,
betting record and sessions; and what staff change (status, labels, sessions, password, notes),
each change written to the audit in the same transaction.

Every function takes the session scoped to the brand (``request.db`` of a ``/bo/api/brands/{brand}/``
call) and the brand; a member of another brand is not found."""

import secrets
import string
from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import ColumnElement, delete, func, select
from sqlalchemy.orm import contains_eager

from tessera.backoffice.audit.services import audit
from tessera.backoffice.members.models import MemberLabel, MemberNote
from tessera.core.envelope import ApiError
from tessera.games.bets.services import NEWEST_FIRST as ROUNDS_NEWEST_FIRST
from tessera.games.bets.services import game_names, member_rounds, win_loss
from tessera.identity.accounts.models import ACTIVE, FREE_PLAY, AuditEvent, Member
from tessera.identity.sessions.models import FailedLogin, MemberSession
from tessera.identity.sessions.services import DEFAULT_IDLE_MINUTES, revoke_member_sessions, set_password
from tessera.wallet.balances.history import NEWEST_FIRST as POSTINGS_NEWEST_FIRST
from tessera.wallet.balances.history import member_postings, period
from tessera.wallet.balances.services import balances
from tessera.wallet.ledger.models import MAIN, VENDOR, LedgerAccount, LedgerPosting
from tessera.wallet.pages import Page, page_of, stamp

# A temporary password: letters and digits without look-alikes, with at least one of each.
TEMPORARY_ALPHABET = "".join(c for c in string.ascii_letters + string.digits if c not in "0O1lI")
TEMPORARY_LENGTH = 12


@dataclass(frozen=True)
class Acting:
    """Who changes a member, from where and when: what the audit entry tells."""

    staff: str
    ip: str | None
    at: datetime


@dataclass(frozen=True)
class MemberQuery:
    q: str | None = None
    status: str | None = None
    label: str | None = None
    sort: str = "registeredAt"
    order: str = "desc"
    page: int = 1
    page_size: int = 50


def listing(page: Page, show) -> dict:
    """A back-office list: ``{items, total, page, pageSize}``."""
    return {
        "items": [show(row) for row in page.rows],
        "total": page.total,
        "page": page.page_no,
        "pageSize": page.page_size,
    }


def find_member(db, tenant, member_id: int, *, to_change: bool = False) -> Member:
    """The brand's member (free-play accounts are not members staff manage); 404 otherwise. A
    member ``to_change`` is locked until the transaction ends, so two staff members' changes to
    one member take turns (and each audit entry's "before" is what the change found)."""
    found = select(Member).where(Member.id == member_id, Member.tenant_id == tenant.id, Member.member_type != FREE_PLAY)
    member = db.scalar(found.with_for_update() if to_change else found)
    if member is None:
        raise ApiError(404, "member_not_found", id=member_id)
    return member


def _audit(db, tenant, acting: Acting, action: str, member: Member, before: dict | None, after: dict) -> None:
    audit(
        db,
        acting.staff,
        action,
        acting.at,
        brand=tenant.slug,
        target=f"member:{member.id}",
        before=before,
        after=after,
        ip=acting.ip,
    )


# -- Reading -----------------------------------------------------------------------------------


def _held(tenant, *criteria):
    """What members hold in their wallets (main and vendor), by member."""
    return (
        select(LedgerAccount.member_id, func.sum(LedgerAccount.balance_minor).label("held"))
        .where(LedgerAccount.tenant_id == tenant.id, LedgerAccount.kind.in_((MAIN, VENDOR)), *criteria)
        .group_by(LedgerAccount.member_id)
    )


def holdings(db, tenant, member_ids: list[int]) -> dict[int, int]:
    """What each of these members holds, in minor units."""
    if not member_ids:
        return {}
    return {
        member_id: int(held) for member_id, held in db.execute(_held(tenant, LedgerAccount.member_id.in_(member_ids)))
    }


def _matching(q: str):
    """A member whose username, phone, email or real name holds ``q`` (whatever its case)."""
    return (
        Member.username_key.contains(q.strip().lower(), autoescape=True)
        | Member.phone.contains(q.strip(), autoescape=True)
        | Member.mobile_num.contains(q.strip(), autoescape=True)
        | Member.email.icontains(q.strip(), autoescape=True)
        | Member.payee_name.icontains(q.strip(), autoescape=True)
    )


SORTS = {"username": Member.username_key, "registeredAt": Member.created_at, "lastLoginAt": Member.last_login_at}


def search(db, tenant, query: MemberQuery) -> dict:
    found = select(Member).where(Member.tenant_id == tenant.id, Member.member_type != FREE_PLAY)
    if query.q and query.q.strip():
        found = found.where(_matching(query.q))
    if query.status:
        found = found.where(Member.status == query.status)
    if query.label:
        found = found.where(Member.id.in_(select(MemberLabel.member_id).where(MemberLabel.label == query.label)))
    total = db.scalar(select(func.count()).select_from(found.subquery()))
    column: ColumnElement
    if query.sort == "balance":  # the only sort that needs every member's holdings
        held = _held(tenant).subquery()
        found = found.outerjoin(held, held.c.member_id == Member.id)
        column = func.coalesce(held.c.held, 0)
    else:
        column = SORTS[query.sort].expression
    ordered = column.asc() if query.order == "asc" else column.desc()
    members = db.scalars(
        found.order_by(ordered.nulls_last(), Member.id.desc())
        .offset((query.page - 1) * query.page_size)
        .limit(query.page_size)
    ).all()
    ids = [m.id for m in members]
    labels, addresses, held_by = labels_of(db, ids), last_login_addresses(db, ids), holdings(db, tenant, ids)
    money = tenant.money
    page = Page(list(members), query.page, query.page_size, total)
    return listing(page, lambda m: _summary(m, labels, addresses, money.format(held_by.get(m.id, 0))))


def labels_of(db, member_ids: list[int]) -> dict[int, list[str]]:
    found: dict[int, list[str]] = {member_id: [] for member_id in member_ids}
    if member_ids:
        rows = db.execute(
            select(MemberLabel.member_id, MemberLabel.label)
            .where(MemberLabel.member_id.in_(member_ids))
            .order_by(MemberLabel.label)
        )
        for member_id, label in rows:
            found[member_id].append(label)
    return found


def last_login_addresses(db, member_ids: list[int]) -> dict[int, str | None]:
    """The address of each member's last login, as the account's audit log has it."""
    if not member_ids:
        return {}
    last = (
        select(func.max(AuditEvent.id))
        .where(AuditEvent.kind == "login", AuditEvent.member_id.in_(member_ids))
        .group_by(AuditEvent.member_id)
    )
    return dict(db.execute(select(AuditEvent.member_id, AuditEvent.ip).where(AuditEvent.id.in_(last))).all())


def _summary(member: Member, labels: dict, addresses: dict, balance: str) -> dict:
    return {
        "id": member.id,
        "username": member.username,
        "realName": member.payee_name,
        "phone": member.phone or member.mobile_num,
        "email": member.email,
        "status": member.status,
        "labels": labels.get(member.id, []),
        "balance": balance,
        "registeredAt": stamp(member.created_at),
        "lastLoginAt": stamp(member.last_login_at),
        "lastLoginIp": addresses.get(member.id),
    }


def profile(db, tenant, plugins, member: Member) -> dict:
    """The member's summary with their type, currency, wallets (as the member's balance call
    shows them), referral code and how many notes staff wrote."""
    held = balances(db, tenant, plugins, member.id)
    wallets = [{"wallet": MAIN, "balance": held["mainBalance"]}]
    wallets += [{"wallet": w["vassalage"], "balance": w["balance"]} for w in held["wallets"]]
    notes = db.scalar(select(func.count(MemberNote.id)).where(MemberNote.member_id == member.id))
    labels, addresses = labels_of(db, [member.id]), last_login_addresses(db, [member.id])
    return {
        **_summary(member, labels, addresses, held["sumBalance"]),
        "memberType": member.member_type,
        "currency": tenant.currency,
        "wallets": wallets,
        "referralCode": member.referral_code,
        "notesCount": notes,
    }


def ledger(db, tenant, member: Member, since: str | None, until: str | None, page: int, page_size: int) -> dict:
    """The postings on the member's wallets, newest first, each with the wallet's balance after it."""
    start, end = period(tenant, since, until)
    postings = member_postings(tenant.id, member.id, start, end).options(
        contains_eager(LedgerPosting.transaction), contains_eager(LedgerPosting.account)
    )
    money = tenant.money

    def show(posting: LedgerPosting) -> dict:
        transaction, account = posting.transaction, posting.account
        return {
            "id": posting.id,
            "at": stamp(transaction.created_at),
            "kind": transaction.kind,
            "wallet": MAIN if account.kind == MAIN else account.vendor,
            "amount": money.format(posting.amount_minor),
            "balanceAfter": money.format(posting.balance_after_minor),
            "reference": transaction.reference,
        }

    return listing(page_of(db, postings, POSTINGS_NEWEST_FIRST, page, page_size), show)


def betting_record(
    db, tenant, member: Member, since: str | None, until: str | None, page: int, page_size: int, vendors: dict
) -> dict:
    """The member's rounds, newest first; ``profit`` is what the round won the member (negative: lost)."""
    found = page_of(db, member_rounds(tenant, member.id, since, until), ROUNDS_NEWEST_FIRST, page, page_size)
    names = game_names(db, {bet.game_id for bet in found.rows if bet.game_id is not None})
    money = tenant.money

    def show(bet) -> dict:
        return {
            "id": bet.id,
            "at": stamp(bet.placed_at),
            "vendor": vendors.get(bet.vassalage, bet.vassalage),
            "game": (names.get(bet.game_id) if bet.game_id is not None else None) or bet.game_code,
            "stake": money.format(bet.bet_minor),
            "payout": money.format(bet.payout_minor),
            "profit": money.format(win_loss(bet)),
            "status": bet.status,
        }

    return listing(found, show)


def live_sessions(db, tenant, member: Member, at: datetime) -> list[MemberSession]:
    """The member's sessions a token still opens: not ended, not past their lifetime nor idle too long."""
    idle = timedelta(minutes=tenant.section("sessions").get("idle_minutes", DEFAULT_IDLE_MINUTES))
    return list(
        db.scalars(
            select(MemberSession)
            .where(
                MemberSession.member_id == member.id,
                MemberSession.revoked_at.is_(None),
                MemberSession.expires_at > at,
                MemberSession.last_seen_at > at - idle,
            )
            .order_by(MemberSession.last_seen_at.desc(), MemberSession.id.desc())
        )
    )


def sessions(db, tenant, member: Member, at: datetime) -> dict:
    found = live_sessions(db, tenant, member, at)
    page = Page(found, 1, max(len(found), 1), len(found))
    return listing(
        page,
        lambda s: {
            "id": s.id,
            "startedAt": stamp(s.created_at),
            "lastSeenAt": stamp(s.last_seen_at),
            "ip": s.ip,
            "device": None,  # the session does not record the device it was opened on
        },
    )


def notes(db, member: Member, page: int, page_size: int) -> dict:
    found = select(MemberNote).where(MemberNote.member_id == member.id)
    newest_first = (MemberNote.created_at.desc(), MemberNote.id.desc())
    return listing(page_of(db, found, newest_first, page, page_size), _note)


def _note(note: MemberNote) -> dict:
    return {"id": note.id, "at": stamp(note.created_at), "staff": note.staff, "text": note.text}


# -- Changing ----------------------------------------------------------------------------------


def set_status(db, tenant, member: Member, status: str, reason: str, acting: Acting) -> dict:
    """``frozen``: the member cannot log in; ``locked``: the lock-out; ``active``: neither, and the
    failed logins counted against the account are forgotten. A member who is no longer active
    loses every session at once."""
    before = {"status": member.status}
    member.status = status
    if status == ACTIVE:
        db.execute(
            delete(FailedLogin)
            .where(FailedLogin.username_key == member.username_key)
            .execution_options(synchronize_session=False)
        )
    else:
        revoke_member_sessions(db, member.id, acting.at)
    _audit(db, tenant, acting, "member_status_changed", member, before, {"status": status, "reason": reason})
    return {"id": member.id, "status": member.status}


def set_labels(db, tenant, member: Member, labels: list[str], acting: Acting) -> dict:
    """The member's labels become exactly ``labels`` (trimmed, each once)."""
    wanted = sorted({label.strip() for label in labels if label.strip()})
    held = labels_of(db, [member.id])[member.id]
    for row in db.scalars(select(MemberLabel).where(MemberLabel.member_id == member.id)):
        if row.label not in wanted:
            db.delete(row)
    for label in wanted:
        if label not in held:
            db.add(MemberLabel(member_id=member.id, label=label))
    db.flush()
    _audit(db, tenant, acting, "member_labels_changed", member, {"labels": held}, {"labels": wanted})
    return {"id": member.id, "labels": wanted}


def end_sessions(db, tenant, member: Member, acting: Acting) -> dict:
    """Log the member out everywhere."""
    ended = len(live_sessions(db, tenant, member, acting.at))
    revoke_member_sessions(db, member.id, acting.at)
    _audit(db, tenant, acting, "member_logged_out", member, {"sessions": ended}, {"sessions": 0})
    return {"ended": ended}


def temporary_password() -> str:
    while True:
        password = "".join(secrets.choice(TEMPORARY_ALPHABET) for _ in range(TEMPORARY_LENGTH))
        if any(c.isdigit() for c in password) and any(c.isalpha() for c in password):
            return password


def reset_password(db, tenant, member: Member, acting: Acting) -> dict:
    """A temporary password, told only in this answer: the member's sessions end, and their first
    login with it says the password has expired (the member then chooses their own)."""
    password = temporary_password()
    set_password(db, member, password, acting.ip, acting.at, is_default=True)
    _audit(db, tenant, acting, "member_password_reset", member, {"temporary": False}, {"temporary": True})
    return {"temporaryPassword": password}


def add_note(db, tenant, member: Member, text: str, acting: Acting) -> dict:
    note = MemberNote(member_id=member.id, staff=acting.staff, text=text.strip(), created_at=acting.at)
    if not note.text:
        raise ApiError(400, "note_empty")
    db.add(note)
    db.flush()
    _audit(db, tenant, acting, "member_note_added", member, None, {"note": note.id, "text": note.text})
    return _note(note)
