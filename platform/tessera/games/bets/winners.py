"""The winner board (GCSGAME_getRankList): the brand's biggest payouts of the last 7 days, the
winners' names masked, the day of each win in the brand's timezone (SPEC §9: YYYY.MM.DD)."""

from datetime import datetime, timedelta
from decimal import ROUND_DOWN, Decimal
from zoneinfo import ZoneInfo

from sqlalchemy import select

from tessera.core.timeutil import as_utc
from tessera.games.bets.models import DECIDED, GameBet
from tessera.games.catalog.models import Game
from tessera.identity.accounts.models import Member

WINDOW = timedelta(days=7)
DEFAULT_COUNT = 20
HUNDREDTH = Decimal("0.01")


def masked(username: str) -> str:
    """``player0042`` -> ``pl***2``; a name too short to keep three of its characters keeps one."""
    return f"{username[:2]}***{username[-1]}" if len(username) > 3 else f"{username[:1]}***"


def multiplier(bet_minor: int, payout_minor: int) -> str:
    return str((Decimal(payout_minor) / Decimal(bet_minor)).quantize(HUNDREDTH, rounding=ROUND_DOWN))


def rank_list(db, tenant, at: datetime, game_type: str | None = None, count: int = DEFAULT_COUNT) -> list[dict]:
    """Settled rounds that paid out and staked something, biggest payout first (the later win
    first on a tie), within the 7 days before ``at``."""
    wins = (
        select(GameBet, Member.username, Game.display_name)
        .join(Member, Member.id == GameBet.member_id)
        .outerjoin(Game, Game.id == GameBet.game_id)
        .where(
            GameBet.tenant_id == tenant.id,
            GameBet.status.in_(DECIDED),
            GameBet.settled_at >= at - WINDOW,
            GameBet.settled_at <= at,
            GameBet.payout_minor > 0,
            GameBet.bet_minor > 0,
        )
        .order_by(GameBet.payout_minor.desc(), GameBet.settled_at.desc(), GameBet.id.desc())
        .limit(count)
    )
    if game_type:
        wins = wins.where(GameBet.category == game_type)
    zone = ZoneInfo(tenant.config.get("timezone") or "UTC")
    return [
        {
            "rank": rank,
            "player": masked(username),
            "gameName": game_name or bet.game_code,
            "vassalage": bet.vassalage,
            "gameType": bet.category,
            "bet": tenant.money.format(bet.bet_minor),
            "payout": tenant.money.format(bet.payout_minor),
            "multiplier": multiplier(bet.bet_minor, bet.payout_minor),
            "wonAt": as_utc(bet.settled_at).astimezone(zone).strftime("%Y.%m.%d"),
        }
        for rank, (bet, username, game_name) in enumerate(db.execute(wins).all(), start=1)
    ]
