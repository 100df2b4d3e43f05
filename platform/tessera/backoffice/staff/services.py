"""Staff accounts: made by the command line with a one-time password, given roles per brand,
enrolled in two-factor (TOTP, with recovery codes), and what they may do on each brand."""

import hashlib
import secrets
from dataclasses import dataclass
from datetime import datetime

import pyotp
import segno
from sqlalchemy import or_, select

from tessera.backoffice.permissions import PERMISSIONS
from tessera.backoffice.staff.models import Grant, RecoveryCode, Role, Staff
from tessera.core.envelope import ApiError
from tessera.core.sealing import SealBroken, seal, unseal
from tessera.identity.passwords import hash_password, verify_password
from tessera.tenancy.models import Tenant

ISSUER = "Tessera back office"
MIN_PASSWORD_LENGTH = 10
RECOVERY_CODES = 10
TOTP_PURPOSE = "staff-totp"  # what the secrets are sealed for (core/sealing.py)
TOTP_WINDOW = 1  # the code of the step before or after is taken too: clocks drift


def username_key(username: str) -> str:
    return username.strip().lower()


def create_staff(db, username: str, at: datetime, *, superuser: bool = False) -> tuple[Staff, str]:
    """A new staff member and their one-time password (shown once; only its hash is kept)."""
    key = username_key(username)
    if db.scalar(select(Staff.id).where(Staff.username == key)) is not None:
        raise ValueError(f"a staff member '{key}' exists already")
    password = secrets.token_urlsafe(12)
    staff = Staff(
        username=key,
        password_hash=hash_password(password),
        must_change_password=True,
        superuser=superuser,
        created_at=at,
    )
    db.add(staff)
    db.flush()
    return staff, password


def reset_password(staff: Staff) -> str:
    """A new one-time password for the staff member (shown once), to be changed at their next login."""
    password = secrets.token_urlsafe(12)
    staff.password_hash, staff.must_change_password = hash_password(password), True
    return password


def change_password(staff: Staff, current: str, new: str) -> None:
    """The staff member's own new password: their current one proves it is them; the new one differs
    and is long enough. Answers the one-time password's obligation."""
    matches, _ = verify_password(staff.password_hash, current)
    if not matches:
        raise ApiError(400, "current_password_wrong")
    if len(new) < MIN_PASSWORD_LENGTH:
        raise ApiError(400, "password_too_short", length=MIN_PASSWORD_LENGTH)
    if new == current:
        raise ApiError(400, "password_unchanged")
    staff.password_hash, staff.must_change_password = hash_password(new), False


def define_role(db, name: str, permissions: list[str]) -> Role:
    """Make or redefine the role ``name`` with exactly these permissions."""
    unknown = sorted(set(permissions) - PERMISSIONS)
    if unknown:
        raise ValueError(f"no such permissions: {', '.join(unknown)}")
    role = db.scalar(select(Role).where(Role.name == name))
    if role is None:
        role = Role(name=name, permissions=[])
        db.add(role)
    role.permissions = sorted(set(permissions))
    db.flush()
    return role


def grant_role(db, staff: Staff, tenant: Tenant, role_name: str) -> Grant:
    role = db.scalar(
        select(Role).where(Role.name == role_name, or_(Role.tenant_id.is_(None), Role.tenant_id == tenant.id))
    )
    if role is None:
        raise ValueError(f"no role '{role_name}' for {tenant.slug} (define it with 'tessera staff roles define')")
    found = db.scalar(
        select(Grant).where(Grant.staff_id == staff.id, Grant.tenant_id == tenant.id, Grant.role_id == role.id)
    )
    if found is not None:
        return found
    grant = Grant(staff_id=staff.id, tenant_id=tenant.id, role_id=role.id)
    db.add(grant)
    db.flush()
    return grant


@dataclass(frozen=True)
class BrandAccess:
    """A brand a staff member works on: the roles they hold there and what those allow."""

    slug: str
    name: str
    roles: tuple[str, ...]
    permissions: frozenset[str]

    def as_value(self) -> dict:
        return {
            "slug": self.slug,
            "name": self.name,
            "roles": list(self.roles),
            "permissions": sorted(self.permissions),
        }


def brand_access(db, staff_id: int, superuser: bool) -> dict[str, BrandAccess]:
    """Each brand the staff member works on, by slug; a superuser works on every active brand with
    every permission."""
    if superuser:
        brands = db.execute(select(Tenant.slug, Tenant.name).where(Tenant.active.is_(True)).order_by(Tenant.slug))
        return {slug: BrandAccess(slug, name, ("superuser",), PERMISSIONS) for slug, name in brands}
    rows = db.execute(
        select(Tenant.slug, Tenant.name, Role.name, Role.permissions)
        .join(Grant, Grant.tenant_id == Tenant.id)
        .join(Role, Role.id == Grant.role_id)
        .where(Grant.staff_id == staff_id, Tenant.active.is_(True))
        .order_by(Tenant.slug, Role.name)
    )
    access: dict[str, BrandAccess] = {}
    for slug, name, role, permissions in rows:
        held = access.get(slug)
        roles = (held.roles if held else ()) + (role,)
        allowed = (held.permissions if held else frozenset()) | frozenset(permissions)
        access[slug] = BrandAccess(slug, name, roles, allowed)
    return access


def seal_totp(staff: Staff, secret_key: str, secret: str) -> None:
    """Keep ``secret`` as the staff member's TOTP secret, sealed with the deployment's key and
    bound to the staff member's row (which must have its id: flushed)."""
    if staff.id is None:
        raise ValueError("a staff member's secret is sealed to their row: flush it first")
    staff.totp_secret = seal(secret_key, TOTP_PURPOSE, f"staff:{staff.id}", secret)


def staff_totp(staff: Staff, secret_key: str) -> pyotp.TOTP | None:
    """The staff member's TOTP, its secret unsealed; None when they have none (or it does not open)."""
    if staff.totp_secret is None:
        return None
    try:
        return pyotp.TOTP(unseal(secret_key, TOTP_PURPOSE, f"staff:{staff.id}", staff.totp_secret))
    except SealBroken:
        return None


def start_enrolment(staff: Staff, secret_key: str) -> dict:
    """A new TOTP secret for a staff member not yet enrolled: its otpauth URI and that URI as a QR
    code (SVG), for the authenticator app to scan. The secret is kept sealed."""
    if staff.totp_enrolled_at is not None:
        raise ApiError(409, "two_factor_enrolled")
    secret = pyotp.random_base32()
    seal_totp(staff, secret_key, secret)
    uri = pyotp.TOTP(secret).provisioning_uri(name=staff.username, issuer_name=ISSUER)
    svg = segno.make(uri, error="m").svg_inline(scale=4)
    return {"uri": uri, "qrSvg": svg}


def code_hash(code: str) -> str:
    return hashlib.sha256(code.strip().lower().replace("-", "").encode()).hexdigest()


def _totp_step(staff: Staff, code: str, at: datetime, secret_key: str) -> int | None:
    """The time step whose code ``code`` is, within the window; None when it is none of them (or
    the staff member has no secret)."""
    totp = staff_totp(staff, secret_key)
    if totp is None:
        return None
    step = int(at.timestamp()) // totp.interval
    for candidate in range(step - TOTP_WINDOW, step + TOTP_WINDOW + 1):
        if secrets.compare_digest(totp.generate_otp(candidate), code.strip()):
            return candidate
    return None


def confirm_enrolment(db, staff: Staff, code: str, at: datetime, secret_key: str) -> list[str]:
    """Enrol the staff member once their app shows a right code; the recovery codes, shown once."""
    if staff.totp_enrolled_at is not None:
        raise ApiError(409, "two_factor_enrolled")
    step = _totp_step(staff, code, at, secret_key)
    if step is None:
        raise ApiError(400, "two_factor_invalid")
    staff.totp_enrolled_at, staff.totp_last_step = at, step
    codes = [f"{secrets.token_hex(4)}-{secrets.token_hex(4)}" for _ in range(RECOVERY_CODES)]
    db.add_all(RecoveryCode(staff_id=staff.id, code_hash=code_hash(one)) for one in codes)
    return codes


def second_factor_holds(db, staff: Staff, code: str | None, at: datetime, secret_key: str) -> bool:
    """Whether ``code`` is the staff member's current TOTP code (each step's once) or one of their
    unused recovery codes (used up now). A staff member not yet enrolled needs none."""
    if staff.totp_enrolled_at is None:
        return True
    if not code:
        return False
    step = _totp_step(staff, code, at, secret_key)
    if step is not None:
        if staff.totp_last_step is not None and step <= staff.totp_last_step:
            return False  # a code already used, or an older one
        staff.totp_last_step = step
        return True
    recovery = db.scalar(
        select(RecoveryCode).where(
            RecoveryCode.staff_id == staff.id, RecoveryCode.code_hash == code_hash(code), RecoveryCode.used_at.is_(None)
        )
    )
    if recovery is None:
        return False
    recovery.used_at = at
    return True
