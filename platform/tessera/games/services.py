"""The brand's game vendors (from its game-vendor plugins) and the game menu: one lane per game
category."""
import logging

from tessera.plugins import Offer

log = logging.getLogger(__name__)

# The lanes, in the order of the bottom navigation.
CATEGORIES = ("RNG", "LIVE", "SPORTS", "ESPORTS", "FISH", "PVP", "ELOTT", "COCKFIGHT")
# SPEC §9: these sports vendors are shown as esports and as cockfight; RCB sorts last in its lane.
ESPORTS_VENDORS = frozenset({"AV", "AI", "IMES", "TF", "IA"})
COCKFIGHT_VENDORS = frozenset({"DS88", "DIG", "WS168", "SV3"})
LAST_VENDOR = "RCB"


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


def offers(plugins) -> tuple[dict[str, Offer], list[str]]:
    """The brand's vendors by vassalage and the plugins that could not say which they offer now."""
    return plugins.game_offers()


def vendors(plugins) -> list[dict]:
    """The vendors of the brand's plugins in tenant.toml order (those that answer now)."""
    return plugins.game_vendors()


def lane_order(vendor: dict) -> tuple[int, bool]:
    """Where a vendor stands among the brand's: by lane, RCB last in its own."""
    return CATEGORIES.index(category(vendor)), vendor["vassalage"] == LAST_VENDOR


def _card(vendor: dict) -> dict:
    return {
        "vassalage": vendor["vassalage"],
        "displayName": vendor["displayName"],
        "gameType": vendor["gameType"],
        "isHot": bool(vendor.get("isHot", False)),
        "smallIcon": vendor.get("smallIcon"),
    }


def game_menus(plugins, translate) -> list[dict]:
    """Every lane, in order, each with its vendors' cards (none when the brand has no vendor of it)."""
    cards = {lane: [] for lane in CATEGORIES}
    for vendor in vendors(plugins):
        lane = category(vendor)
        if lane is None:
            log.warning("game vendor of an unknown type", extra={"vassalage": vendor["vassalage"]})
            continue
        cards[lane].append(_card(vendor))
    return [
        {
            "gameCategory": lane,
            "title": translate(f"game_category_{lane}"),
            "cards": sorted(lane_cards, key=lambda card: card["vassalage"] == LAST_VENDOR),
        }
        for lane, lane_cards in cards.items()
    ]
