"""The betting record: a member's rounds, newest first, with the summary of every round the
filters select.

Seamless vendors' rounds are written as their wallet calls arrive; transfer-wallet vendors'
rounds are pulled from their bet records (pulls.py).
"""

from sqlalchemy import case, func, select

from tessera.games.bets.models import CANCELLED, DECIDED, ROLLED_BACK, GameBet
from tessera.games.catalog.models import Game
from tessera.wallet.balances.history import period
from tessera.wallet.pages import page_of, stamp

NEWEST_FIRST = (GameBet.placed_at.desc(), GameBet.id.desc())
PAGE_SIZE = 10


def total(column):
    """The sum of ``column`` (0 over no rows), as SQL."""
    return func.coalesce(func.sum(column), 0)


def win_loss(bet: GameBet) -> int:
    """What the round won (positive) or lost: only a settled (or resettled) round has an outcome."""
    return bet.payout_minor - bet.bet_minor if bet.status in DECIDED else 0


def member_rounds(tenant, member_id: int, start_date: str | None, end_date: str | None):
    """The member's rounds placed within the days (the brand's), as a select of GameBet."""
    since, until = period(tenant, start_date, end_date)
    rounds = select(GameBet).where(GameBet.tenant_id == tenant.id, GameBet.member_id == member_id)
    if since is not None:
        rounds = rounds.where(GameBet.placed_at >= since)
    if until is not None:
        rounds = rounds.where(GameBet.placed_at < until)
    return rounds


def betting_record(db, tenant, member_id: int, query: dict, names: dict[str, str]) -> dict:
    rounds = member_rounds(tenant, member_id, query.get("startDate"), query.get("endDate"))
    for field, column in (("gameType", GameBet.category), ("vassalage", GameBet.vassalage), ("status", GameBet.status)):
        if query.get(field):
            rounds = rounds.where(column == query[field])
    page = page_of(db, rounds, NEWEST_FIRST, query.get("pageNo", 1), query.get("pageSize", PAGE_SIZE))
    games = game_names(db, {bet.game_id for bet in page.rows if bet.game_id is not None})
    money = tenant.money
    return {**page.value(lambda bet: _record(bet, names, games, money)), "summary": _summary(db, rounds, money)}


def game_names(db, game_ids: set[int]) -> dict[int, str]:
    if not game_ids:
        return {}
    return dict(db.execute(select(Game.id, Game.display_name).where(Game.id.in_(game_ids))).all())


def _record(bet: GameBet, names: dict[str, str], games: dict[int, str], money) -> dict:
    return {
        "id": bet.id,
        "roundId": bet.round_id,
        "vassalage": bet.vassalage,
        "vendorName": names.get(bet.vassalage, bet.vassalage),
        "gameCode": bet.game_code,
        "gameName": (games.get(bet.game_id) if bet.game_id is not None else None) or bet.game_code,
        "gameType": bet.category,
        "bet": money.format(bet.bet_minor),
        "payout": money.format(bet.payout_minor),
        "winLoss": money.format(win_loss(bet)),
        "status": bet.status,
        "walletMode": bet.wallet_mode,
        "placedAt": stamp(bet.placed_at),
        "settledAt": stamp(bet.settled_at),
    }


def _summary(db, rounds, money) -> dict:
    """Over every round selected: a rolled-back or cancelled round staked nothing and paid nothing
    (its bet came back, a win it paid was taken back)."""
    selected = rounds.subquery()
    staked = case((selected.c.status.not_in((ROLLED_BACK, CANCELLED)), selected.c.bet_minor), else_=0)
    paid = case((selected.c.status != CANCELLED, selected.c.payout_minor), else_=0)
    outcome = case((selected.c.status.in_(DECIDED), selected.c.payout_minor - selected.c.bet_minor), else_=0)
    count, bet, payout, won = db.execute(select(func.count(), total(staked), total(paid), total(outcome))).one()
    return {
        "count": count,
        "bet": money.format(int(bet)),
        "payout": money.format(int(payout)),
        "winLoss": money.format(int(won)),
    }
