"""The brand's game vendors (from its game-vendor plugins): the lane each is shown in, its wallet
mode, and the amounts vendors send."""

from decimal import Decimal, InvalidOperation

# The wallet modes are the plugins' (the wallet reads them too); games read them from here.
from tessera.plugins import SEAMLESS, TRANSFER, Offer  # noqa: F401

# The lanes, in the order of the bottom navigation.
CATEGORIES = ("RNG", "LIVE", "SPORTS", "ESPORTS", "FISH", "PVP", "ELOTT", "COCKFIGHT")
# SPEC §9: these sports vendors are shown as esports and as cockfight; RCB sorts last in its lane.
ESPORTS_VENDORS = frozenset({"AV", "AI", "IMES", "TF", "IA"})
COCKFIGHT_VENDORS = frozenset({"DS88", "DIG", "WS168", "SV3"})
LAST_VENDOR = "RCB"
UNPLACED = 2**31  # a vendor staff have not placed comes after those they have


BUILT_IN_VENDORS = "tessera.built_in_vendors"  # the registry's: vassalage -> the catalogue key of its name


def add_built_in_vendor(config, vassalage: str, name_key: str) -> None:
    """A vendor the platform is itself (the house's lottery engine): its rounds are named in the
    betting record and profit and loss by ``name_key``, translated, like a plugin vendor's."""
    config.registry.setdefault(BUILT_IN_VENDORS, {})[vassalage] = name_key


BUILT_IN_CARDS = "tessera.built_in_cards"  # the registry's: functions of a request giving cards by lane


def add_built_in_cards(config, cards) -> None:
    """Cards of the platform's own games in the game menu: ``cards(request)`` answers
    ``{lane: [card, ...]}`` for the request's brand and language, each card with the ``route`` of
    the brand's own page it leads to (the house lottery's lobbies)."""
    config.registry.setdefault(BUILT_IN_CARDS, []).append(cards)


def built_in_cards(request) -> dict[str, list[dict]]:
    found: dict[str, list[dict]] = {}
    for cards in request.registry.get(BUILT_IN_CARDS, []):
        for lane, lane_cards in cards(request).items():
            found.setdefault(lane, []).extend(lane_cards)
    return found


def built_in_vendor_names(request) -> dict[str, str]:
    """The built-in vendors' names by vassalage, in the request's language."""
    return {vassalage: request.translate(key) for vassalage, key in request.registry.get(BUILT_IN_VENDORS, {}).items()}


def category(vendor: dict) -> str | None:
    """The lane a vendor is shown in; lottery (LOTT) vendors are shown with e-lottery."""
    game_type = vendor.get("gameType")
    if game_type == "SPORTS" and vendor["vassalage"] in ESPORTS_VENDORS:
        return "ESPORTS"
    if game_type == "SPORTS" and vendor["vassalage"] in COCKFIGHT_VENDORS:
        return "COCKFIGHT"
    if game_type == "LOTT":
        return "ELOTT"
    return game_type if game_type in CATEGORIES else None


def lane_order(vendor: dict, places: dict[str, int] | None = None) -> tuple[int, int, bool]:
    """Where a vendor stands among the brand's: by lane, then where staff placed it (``places``),
    RCB last of those not placed."""
    placed = (places or {}).get(vendor["vassalage"], UNPLACED)
    return CATEGORIES.index(category(vendor)), placed, vendor["vassalage"] == LAST_VENDOR


def decimal_minor(value, money) -> int | None:
    """A vendor's amount (a decimal string, or a number) in minor units of the brand's ``money``;
    None for None."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (str, int, float, Decimal)):
        raise ValueError(f"not an amount: {value!r}")
    try:
        amount = Decimal(str(value).strip())
    except InvalidOperation:
        raise ValueError(f"not an amount: {value!r}") from None
    if not amount.is_finite() or amount < 0:
        raise ValueError(f"not an amount: {value!r}")
    minor = money.to_minor(amount)
    if minor > money.largest:
        raise ValueError(f"more than any amount: {value!r}")
    return minor
