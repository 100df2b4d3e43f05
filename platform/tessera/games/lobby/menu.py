"""The game menu: one lane per game category, each with the cards of the brand's vendors in it."""

import logging

from tessera.core.cache import memo
from tessera.games.catalog.settings import NOT_SET, VendorState, brand_vendor_states
from tessera.games.vendors import CATEGORIES, LAST_VENDOR, built_in_cards, category

log = logging.getLogger(__name__)


def _card(vendor: dict) -> dict:
    return {
        "vassalage": vendor["vassalage"],
        "displayName": vendor["displayName"],
        "gameType": vendor["gameType"],
        "isHot": bool(vendor.get("isHot", False)),
        "smallIcon": vendor.get("smallIcon"),
    }


def game_menus(
    plugins, translate, states: dict[str, VendorState], own: dict[str, list[dict]] | None = None
) -> list[dict]:
    """Every lane, in order, each with its vendors' cards (none when the brand has no vendor of it),
    but those staff disabled, in the order staff placed them; the platform's ``own`` cards (the
    house lottery's, leading to its lobbies) first in their lanes."""
    cards: dict[str, list[dict]] = {lane: [] for lane in CATEGORIES}
    for vendor in plugins.game_vendors():
        lane = category(vendor)
        if lane is None:
            log.warning("game vendor of an unknown type", extra={"vassalage": vendor["vassalage"]})
            continue
        if states.get(vendor["vassalage"], NOT_SET).shown:
            cards[lane].append(_card(vendor))

    def order(card: dict) -> tuple[int, bool]:
        return states.get(card["vassalage"], NOT_SET).place, card["vassalage"] == LAST_VENDOR

    own = own or {}
    return [
        {
            "gameCategory": lane,
            "title": translate(f"game_category_{lane}"),
            "cards": own.get(lane, []) + sorted(lane_cards, key=order),
        }
        for lane, lane_cards in cards.items()
    ]


def brand_game_menus(request) -> list[dict]:
    """The request's brand's game menu in the request's language, made once per memo time: the
    answer of ``/lgw/games/game_menus``, and what every page carries in its bootstrap."""
    return memo(request.registry, "game_menus").get(
        (request.tenant.id, request.language),
        lambda: game_menus(request.plugins, request.translate, brand_vendor_states(request), built_in_cards(request)),
    )
