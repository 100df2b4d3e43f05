"""The brand's deposit channels as staff see and set them: what each plugin offers, the brand's
[wallet] bounds, staff's own setting (offered or not, narrower bounds) and what members are offered
in the end (``wallet/payments/deposits.py`` ``channels``, which every deposit goes through)."""

from sqlalchemy import select

from tessera.backoffice.acting import Acting
from tessera.core.envelope import ApiError
from tessera.core.timeutil import iso
from tessera.wallet.payments.deposits import channel_settings, channels
from tessera.wallet.payments.models import ChannelSetting
from tessera.wallet.settings import setting_minor


def _amount(money, minor: int | None) -> str | None:
    return None if minor is None else money.format(minor)


def _row(tenant, plugin: str, offer: dict, setting: ChannelSetting | None, offered) -> dict:
    money = tenant.money
    return {
        "channel": offer["channel"],
        "plugin": plugin,
        "title": offer["title"],
        "kind": offer.get("kind", "redirect"),
        "channelMin": offer.get("minAmount"),
        "channelMax": offer.get("maxAmount"),
        "brandMin": _amount(money, setting_minor(tenant, "deposit_min")),
        "brandMax": _amount(money, setting_minor(tenant, "deposit_max")),
        "enabled": setting is None or setting.enabled,
        "staffMin": _amount(money, None if setting is None else setting.min_minor),
        "staffMax": _amount(money, None if setting is None else setting.max_minor),
        "offered": offered is not None,
        "minAmount": None if offered is None else money.format(offered.min_minor),
        "maxAmount": None if offered is None else _amount(money, offered.max_minor),
        "updatedBy": None if setting is None else setting.updated_by,
        "updatedAt": None if setting is None else iso(setting.updated_at),
    }


def channel_rows(db, plugins, tenant) -> list[dict]:
    """Every channel the brand's plugins offer (the first plugin's where two name one), in order."""
    settings = channel_settings(db)
    offered = {channel.channel: channel for channel in channels(plugins, tenant, None, settings)}
    rows: dict[str, dict] = {}
    for plugin, offers in plugins.payment_offers():
        for offer in offers:
            if offer["channel"] not in rows:
                name = offer["channel"]
                rows[name] = _row(tenant, plugin, offer, settings.get(name), offered.get(name))
    return list(rows.values())


def set_channel(db, plugins, tenant, acting: Acting, name: str, form: dict) -> dict:
    """Offer the channel or not, and narrow its bounds (``form``: enabled, minAmount, maxAmount)."""
    before = next((row for row in channel_rows(db, plugins, tenant) if row["channel"] == name), None)
    if before is None:
        raise ApiError(404, "payment_channel_unknown", channel=name)
    money = tenant.money
    low = None if form.get("minAmount") is None else money.parse(form["minAmount"], field="minAmount")
    high = None if form.get("maxAmount") is None else money.parse(form["maxAmount"], field="maxAmount")
    if low is not None and high is not None and low > high:
        raise ApiError(400, "channel_bounds_invalid")
    setting = db.scalar(select(ChannelSetting).where(ChannelSetting.channel == name))
    if setting is None:
        setting = ChannelSetting(channel=name)
        db.add(setting)
    setting.enabled, setting.min_minor, setting.max_minor = form["enabled"], low, high
    setting.updated_by, setting.updated_at = acting.staff, acting.at
    db.flush()
    after = next(row for row in channel_rows(db, plugins, tenant) if row["channel"] == name)
    acting.record(db, "payment_channel_set", f"channel:{name}", _told(before), _told(after))
    return after


def _told(row: dict) -> dict:
    return {key: row[key] for key in ("enabled", "staffMin", "staffMax", "offered", "minAmount", "maxAmount")}
