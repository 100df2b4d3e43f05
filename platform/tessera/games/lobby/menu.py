"""The game menu: one lane per game category, each with the cards of the brand's vendors in it."""

import logging

from tessera.core.cache import memo
from tessera.games.vendors import CATEGORIES, LAST_VENDOR, category

log = logging.getLogger(__name__)


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
    cards: dict[str, list[dict]] = {lane: [] for lane in CATEGORIES}
    for vendor in plugins.game_vendors():
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


def brand_game_menus(request) -> list[dict]:
    """The request's brand's game menu in the request's language, made once per memo time: the
    answer of ``/lgw/games/game_menus``, and what every page carries in its bootstrap."""
    return memo(request.registry, "game_menus").get(
        (request.tenant.id, request.language), lambda: game_menus(request.plugins, request.translate)
    )
