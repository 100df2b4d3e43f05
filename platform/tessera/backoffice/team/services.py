"""A brand's staff: the staff members holding roles on it, the roles it may give (the
deployment's and its own), and what its staff managers may change.

A staff manager never reaches past their brand: a staff member is seen only while they hold a
role on it; their account (lock, password, two-factor) is changed only by one who manages every
brand they work on; a role is given, taken back or defined only with permissions the manager
holds on the brand themselves. Nobody changes their own standing here. These refusals are 409s:
the staff manager holds ``staff.manage``, and it is the target's standing that stands in the way."""

from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete, func, or_, select, update

from tessera.backoffice.permissions import Permission
from tessera.backoffice.sessions.models import StaffSession
from tessera.backoffice.staff.models import ACTIVE, LOCKED, Grant, RecoveryCode, Role, Staff
from tessera.backoffice.staff.services import brand_access, create_staff, username_key
from tessera.backoffice.staff.services import reset_password as one_time_password
from tessera.core.envelope import ApiError
from tessera.core.timeutil import iso


@dataclass(frozen=True)
class Manager:
    """The staff member acting, on the brand they act on, with what they hold there."""

    staff_id: int
    superuser: bool
    tenant_id: int
    permissions: frozenset[str]

    @classmethod
    def of(cls, db, identity, tenant) -> "Manager":
        held = brand_access(db, identity.staff_id, identity.superuser).get(tenant.slug)
        return cls(identity.staff_id, identity.superuser, tenant.id, held.permissions if held else frozenset())

    def may_give(self, permissions) -> bool:
        return self.superuser or set(permissions) <= self.permissions


def _brand_roles(db, staff_id: int, tenant_id: int) -> list[str]:
    return list(
        db.scalars(
            select(Role.name)
            .join(Grant, Grant.role_id == Role.id)
            .where(Grant.staff_id == staff_id, Grant.tenant_id == tenant_id)
            .order_by(Role.name)
        )
    )


def staff_value(db, staff: Staff, tenant_id: int) -> dict:
    return {
        "id": staff.id,
        "username": staff.username,
        "roles": _brand_roles(db, staff.id, tenant_id),
        "twoFactorEnrolled": staff.totp_enrolled_at is not None,
        "locked": staff.status == LOCKED,
        "lastLoginAt": iso(staff.last_login_at),
        "createdAt": iso(staff.created_at),
    }


def team(db, tenant_id: int, q: str | None, page: int, size: int) -> tuple[list[dict], int]:
    """The staff members holding a role on the brand, by username, a page of them."""
    working = select(Grant.staff_id).where(Grant.tenant_id == tenant_id)
    query = select(Staff).where(Staff.id.in_(working))
    if q:
        query = query.where(Staff.username.contains(username_key(q), autoescape=True))
    total = db.scalar(select(func.count()).select_from(query.subquery()))
    found = db.scalars(query.order_by(Staff.username).offset((page - 1) * size).limit(size))
    return [staff_value(db, staff, tenant_id) for staff in found], total


def member_of_team(db, tenant_id: int, staff_id: int) -> Staff:
    """The staff member ``staff_id`` if they hold a role on the brand (else, as for one who does
    not exist, 404 staff_not_found)."""
    staff = db.scalar(
        select(Staff).where(
            Staff.id == staff_id,
            Staff.id.in_(select(Grant.staff_id).where(Grant.tenant_id == tenant_id)),
        )
    )
    if staff is None:
        raise ApiError(404, "staff_not_found", id=staff_id)
    return staff


def _not_self(manager: Manager, staff: Staff) -> None:
    if staff.id == manager.staff_id:
        raise ApiError(409, "staff_self")


def _account_within_reach(db, manager: Manager, staff: Staff) -> None:
    """A staff member's account is changed only by a superuser, or by one managing every brand
    the staff member works on (and never a superuser's)."""
    _not_self(manager, staff)
    if manager.superuser:
        return
    if staff.superuser:
        raise ApiError(409, "staff_beyond_brand")
    managed = {
        slug
        for slug, access in brand_access(db, manager.staff_id, False).items()
        if Permission.StaffManage in access.permissions
    }
    if not set(brand_access(db, staff.id, False)) <= managed:
        raise ApiError(409, "staff_beyond_brand")


def brand_role(db, tenant_id: int, name: str) -> Role:
    """The role ``name`` as the brand may give it: the deployment's or its own (404 role_not_found)."""
    role = db.scalar(select(Role).where(Role.name == name, or_(Role.tenant_id.is_(None), Role.tenant_id == tenant_id)))
    if role is None:
        raise ApiError(404, "role_not_found", name=name)
    return role


def _within_yours(manager: Manager, role: Role) -> None:
    if not manager.may_give(role.permissions):
        raise ApiError(409, "role_beyond_yours", name=role.name)


def invite(db, manager: Manager, username: str, roles: list[str], at: datetime) -> tuple[Staff, str]:
    """A new staff member holding ``roles`` on the brand, and their one-time password."""
    wanted = [brand_role(db, manager.tenant_id, name) for name in sorted(set(roles))]
    for role in wanted:
        _within_yours(manager, role)
    if db.scalar(select(Staff.id).where(Staff.username == username_key(username))) is not None:
        raise ApiError(409, "staff_username_taken", username=username_key(username))
    staff, password = create_staff(db, username, at)
    db.add_all(Grant(staff_id=staff.id, tenant_id=manager.tenant_id, role_id=role.id) for role in wanted)
    db.flush()
    return staff, password


def grant(db, manager: Manager, staff: Staff, name: str) -> None:
    """Give ``staff`` the role ``name`` on the brand (held already: nothing changes)."""
    role = brand_role(db, manager.tenant_id, name)
    _within_yours(manager, role)
    held = db.scalar(
        select(Grant.id).where(
            Grant.staff_id == staff.id, Grant.tenant_id == manager.tenant_id, Grant.role_id == role.id
        )
    )
    if held is None:
        db.add(Grant(staff_id=staff.id, tenant_id=manager.tenant_id, role_id=role.id))
        db.flush()


def revoke(db, manager: Manager, staff: Staff, name: str) -> None:
    _not_self(manager, staff)
    role = brand_role(db, manager.tenant_id, name)
    _within_yours(manager, role)
    gone = db.execute(
        delete(Grant).where(Grant.staff_id == staff.id, Grant.tenant_id == manager.tenant_id, Grant.role_id == role.id)
    )
    if gone.rowcount == 0:
        raise ApiError(404, "role_not_held", name=name)


def _end_sessions(db, staff: Staff, at: datetime) -> None:
    db.execute(
        update(StaffSession)
        .where(StaffSession.staff_id == staff.id, StaffSession.revoked_at.is_(None))
        .values(revoked_at=at)
    )


def set_locked(db, manager: Manager, staff: Staff, locked: bool, at: datetime) -> None:
    _account_within_reach(db, manager, staff)
    staff.status = LOCKED if locked else ACTIVE
    if locked:
        _end_sessions(db, staff, at)
    db.flush()


def reset_password(db, manager: Manager, staff: Staff, at: datetime) -> str:
    """A new one-time password for ``staff`` (shown once, changed at their next login); their sessions end."""
    _account_within_reach(db, manager, staff)
    password = one_time_password(staff)
    _end_sessions(db, staff, at)
    db.flush()
    return password


def reset_two_factor(db, manager: Manager, staff: Staff, at: datetime) -> None:
    """Forget ``staff``'s authenticator and recovery codes: they enrol again at their next login."""
    _account_within_reach(db, manager, staff)
    staff.totp_secret = staff.totp_enrolled_at = staff.totp_last_step = None
    db.execute(delete(RecoveryCode).where(RecoveryCode.staff_id == staff.id))
    _end_sessions(db, staff, at)
    db.flush()


def role_value(role: Role) -> dict:
    return {"name": role.name, "permissions": sorted(role.permissions), "brandOwn": role.tenant_id is not None}


def roles(db, tenant_id: int) -> list[dict]:
    """The roles the brand may give: the deployment's and its own, by name."""
    found = db.scalars(
        select(Role).where(or_(Role.tenant_id.is_(None), Role.tenant_id == tenant_id)).order_by(Role.name)
    )
    return [role_value(role) for role in found]


def define(db, manager: Manager, name: str, permissions: list[str]) -> tuple[dict | None, Role]:
    """Make or redefine the brand's own role ``name``: what it was (None if new) and the role."""
    if not manager.may_give(permissions):
        raise ApiError(409, "role_beyond_yours", name=name)
    role = db.scalar(select(Role).where(Role.name == name))
    if role is not None and role.tenant_id != manager.tenant_id:
        raise ApiError(409, "role_not_editable", name=name)  # the deployment's or another brand's
    before = role_value(role) if role is not None else None
    if role is None:
        role = Role(name=name, permissions=[], tenant_id=manager.tenant_id)
        db.add(role)
    role.permissions = sorted(set(permissions))
    db.flush()
    return before, role
