"""Maintenance windows, and the register and region settings staff keep over the folder's
(``tenants.overrides``, which the request's brand config carries: tenancy.context.with_overrides)."""

from datetime import datetime

from sqlalchemy import func, select

from tessera.core.envelope import ApiError
from tessera.core.timeutil import as_utc, iso
from tessera.system.status.models import MaintenanceWindow
from tessera.system.status.services import register_settings
from tessera.tenancy.context import TenantContext
from tessera.tenancy.models import Tenant, TenantOverrides
from tessera.tenancy.patterns import PATTERNS

# -- Maintenance windows ------------------------------------------------------------------------


def window_value(window: MaintenanceWindow, at: datetime) -> dict:
    starts, ends = as_utc(window.starts_at), as_utc(window.ends_at)
    return {
        "id": window.id,
        "startsAt": iso(starts),
        "endsAt": iso(ends),
        "info": window.info,
        "open": starts <= at and (ends is None or at < ends),
    }


def windows(db, at: datetime, page: int, size: int) -> dict:
    total = db.scalar(select(func.count(MaintenanceWindow.id))) or 0
    found = db.scalars(
        select(MaintenanceWindow)
        .order_by(MaintenanceWindow.starts_at.desc(), MaintenanceWindow.id.desc())
        .offset((page - 1) * size)
        .limit(size)
    )
    return {"items": [window_value(w, at) for w in found], "total": total, "page": page, "pageSize": size}


def schedule(db, tenant_id: int, form: dict, at: datetime) -> MaintenanceWindow:
    """A window from ``startsAt`` (now when not given) until ``endsAt`` (until ended, when not given)."""
    starts = as_utc(datetime.fromisoformat(form["startsAt"])) if form.get("startsAt") else at
    ends = as_utc(datetime.fromisoformat(form["endsAt"])) if form.get("endsAt") else None
    if ends is not None and (ends <= starts or ends <= at):
        raise ApiError(400, "maintenance_window_invalid")
    window = MaintenanceWindow(tenant_id=tenant_id, starts_at=starts, ends_at=ends, info=form.get("info"))
    db.add(window)
    db.flush()
    return window


def end(db, window_id: str, at: datetime) -> tuple[dict, MaintenanceWindow]:
    """End the window now (a window not started yet is called off: it ends when it would start)."""
    window = db.get(MaintenanceWindow, int(window_id)) if window_id.isdigit() else None
    if window is None:
        raise ApiError(404, "maintenance_not_found", id=window_id)
    if window.ends_at is not None and as_utc(window.ends_at) <= at:
        raise ApiError(409, "maintenance_ended")
    before = window_value(window, at)
    window.ends_at = max(at, as_utc(window.starts_at))
    db.flush()
    return before, window


# -- Register fields and region policy ----------------------------------------------------------

REGISTER_KEYS = {
    "enabled": "enabled",
    "required": "required",
    "patternId": "pattern_id",
    "minLength": "min_length",
    "maxLength": "max_length",
}
REGION_KEYS = {
    "blockedRegions": "blocked_regions",
    "allowedRegions": "allowed_regions",
    "unknownRegion": "unknown_region",
}


class BrandSettings:
    """A brand's ``tenants`` row (its folder's config) and what staff set over it."""

    def __init__(self, db, tenant_id: int):
        self.db, self.row = db, db.get_one(Tenant, tenant_id)
        self.kept = db.scalar(select(TenantOverrides).where(TenantOverrides.tenant_id == tenant_id))

    @property
    def overrides(self) -> dict:
        return dict(self.kept.sections) if self.kept is not None else {}

    @overrides.setter
    def overrides(self, sections: dict) -> None:
        if self.kept is None:
            self.kept = TenantOverrides(tenant_id=self.row.id, sections={})
            self.db.add(self.kept)
        self.kept.sections = sections

    def folder(self) -> TenantContext:
        return TenantContext.from_row(self.row)

    def effective(self) -> TenantContext:
        return TenantContext.from_row(self.row, self.overrides)


def brand_row(db, tenant_id: int) -> BrandSettings:
    return BrandSettings(db, tenant_id)


def _overrides(row: BrandSettings) -> dict:
    return row.overrides


def register_value(row: BrandSettings) -> dict:
    """The register fields as the folder sets them, what staff set over them, and what members get."""
    folder = row.folder()
    staff = _overrides(row).get("register", {}).get("fields", {})
    return {
        "folder": register_settings(folder),
        "overrides": {
            name: {key: settings[column] for key, column in REGISTER_KEYS.items() if column in settings}
            for name, settings in staff.items()
        },
        "effective": register_settings(row.effective()),
    }


def _check_field(name: str, settings: dict, folder: dict) -> None:
    pattern = settings.get("patternId")
    if pattern is not None and pattern not in PATTERNS:
        raise ApiError(400, "register_pattern_unknown", pattern=pattern)
    shortest = settings.get("minLength", folder[name]["minLength"])
    longest = settings.get("maxLength", folder[name]["maxLength"])
    if shortest > longest:
        raise ApiError(400, "register_lengths_invalid", field=name)


def set_register(row: BrandSettings, form: dict) -> None:
    """Make staff's register overrides what ``form`` says (a field left out takes the folder's)."""
    folder = register_value(row)["folder"]
    fields = {}
    for name, settings in form["fields"].items():
        _check_field(name, settings, folder)
        fields[name] = {REGISTER_KEYS[key]: value for key, value in settings.items()}
    overrides = _overrides(row)
    if fields:
        overrides["register"] = {"fields": fields}
    else:
        overrides.pop("register", None)
    row.overrides = overrides


def region_value(row: BrandSettings) -> dict:
    folder = row.folder().section("access")
    staff = _overrides(row).get("access", {})
    effective = row.effective().section("access")

    def told(access: dict, defaults: bool) -> dict:
        return {
            key: access.get(column, ([] if column != "unknown_region" else "allow") if defaults else None)
            for key, column in REGION_KEYS.items()
        }

    return {"folder": told(folder, True), "overrides": told(staff, False), "effective": told(effective, True)}


def set_region(row: BrandSettings, form: dict) -> None:
    """Make staff's region policy what ``form`` says (a key null or left out takes the folder's)."""
    access = {
        column: sorted(set(form[key])) if isinstance(form[key], list) else form[key]
        for key, column in REGION_KEYS.items()
        if form.get(key) is not None
    }
    overrides = _overrides(row)
    if access:
        overrides["access"] = access
    else:
        overrides.pop("access", None)
    row.overrides = overrides
