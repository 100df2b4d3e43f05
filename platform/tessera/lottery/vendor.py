"""The house's lottery engine as a game vendor: its bets are rounds of the seamless wallet under this
vendor code, in the e-lottery lane, so they show in the betting record and profit and loss like
every other game's (one bet, one round; the round's game code is the lottery game's code)."""

VASSALAGE = "HOUSE_LOTTO"
CATEGORY = "ELOTT"

# What a brand's ``[lottery]`` section may sell (``sells``): the Vietnamese draws, the fast games.
VIETNAM_GAMES, FAST_GAMES = "vietnam", "fast"


def sold_kinds(lottery_section: dict) -> frozenset[str]:
    """The kinds of games a brand's ``[lottery]`` section sells: both when it does not say."""
    return frozenset(lottery_section.get("sells", (VIETNAM_GAMES, FAST_GAMES)))


def lottery_cards(request) -> dict[str, list[dict]]:
    """The house lottery's cards in the e-lottery lane of the brand's game menu, one for each kind of
    games it sells, leading to its lobby: none when the brand sells no lottery."""
    tenant = request.tenant
    if "lottery" not in tenant.config:
        return {}
    sold = sold_kinds(tenant.section("lottery"))
    lobbies = ((VIETNAM_GAMES, "/vnlottery", "house_lottery_vietnam"), (FAST_GAMES, "/lottery", "house_lottery_fast"))
    cards = [
        {
            "vassalage": f"{VASSALAGE}:{kind}",
            "displayName": request.translate(name),
            "gameType": "LOTT",
            "isHot": False,
            "smallIcon": None,
            "route": route,
        }
        for kind, route, name in lobbies
        if kind in sold
    ]
    return {CATEGORY: cards} if cards else {}
