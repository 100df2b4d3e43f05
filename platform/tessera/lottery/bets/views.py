"""The member calls of betting: HTTP only, the work is ``services``'."""

from pyramid.view import view_config

from tessera.core.timeutil import now
from tessera.identity.permissions import Permissions
from tessera.lottery.bet_types import Odds, PointPrice, bet_type
from tessera.lottery.bets import services
from tessera.lottery.book.services import brand_book, game_sold, region_of
from tessera.lottery.draws.games import brand_schedule
from tessera.lottery.entry import enter_numbers


def _names(request):
    """A game's name by its code, as the brand's schedule gives it (disabled games too)."""
    schedule = brand_schedule(request.db, request.tenant, disabled=True)
    return lambda code: schedule.game(code).name


@view_config(route_name="lottery.board", request_method="GET", renderer="api", openapi=True)
def board(request):
    book = brand_book(request.db, request.tenant)
    game = game_sold(book, request.openapi.parameters.query["gameCode"], brand_schedule(request.db, request.tenant))
    assert book is not None
    region, money = region_of(game), book.money
    kinds = []
    for line in book.lines_for(game):
        kind, price = line.bet_type, line.price

        def shown(stake: int, code: str = kind.code) -> str:
            return services.stake_text(money, code, stake)

        kinds.append(
            {
                "code": kind.code,
                "digits": kind.digits,
                "count": kind.count,
                "exact": kind.exact,
                "costModel": str(kind.cost),
                "price": money.format(price.price) if isinstance(price, PointPrice) else None,
                "payout": money.format(price.payout) if isinstance(price, PointPrice) else None,
                "odds": str(price.multiplier) if isinstance(price, Odds) else None,
                "minStake": shown(line.min_stake),
                "maxStake": shown(line.max_stake),
                "maxPerNumber": shown(line.max_per_number),
                "stakedPerNumber": kind.staked_per_number,
            }
        )
    return {
        "gameId": game.code,
        "region": str(region),
        "currency": request.tenant.currency,
        "betTypes": kinds,
        "perDrawLimit": money.format(book.member_draw_limit),
    }


@view_config(route_name="lottery.numbers", request_method="POST", renderer="api", openapi=True)
def numbers(request):
    body = request.openapi.body
    return {"numbers": list(enter_numbers(body["text"], bet_type(body["betType"])))}


@view_config(
    route_name="lottery.room", request_method="GET", renderer="api", openapi=True, permission=Permissions.MemberRead
)
def room(request):
    query = request.openapi.parameters.query
    sale = services.sale_of(request.db, request.tenant, query["gameCode"], query["numero"], query["betType"])
    numbers = services.checked_numbers(sale.line, [n.strip() for n in query["numbers"].split(",") if n.strip()])
    rooms = services.room(request.db, sale, request.authenticated_userid, numbers)
    return {
        "room": {n: services.stake_text(sale.book.money, sale.line.bet_type.code, most) for n, most in rooms.items()}
    }


@view_config(
    route_name="lottery.bets", request_method="POST", renderer="api", openapi=True, permission=Permissions.FundsUse
)
def place_bet(request):
    body = request.openapi.body
    order = services.Order(
        body["requestId"], body["gameCode"], body["numero"], body["betType"], tuple(body["numbers"]), body["stake"]
    )
    bet, balance = services.place(
        request.db, request.tenant, request.authenticated_userid, order, now(request.registry)
    )
    return {**services.bet_value(bet, request.tenant.money, _names(request)(bet.game_code)), "balance": balance}


@view_config(
    route_name="lottery.bets", request_method="GET", renderer="api", openapi=True, permission=Permissions.MemberRead
)
def my_bets(request):
    query = request.openapi.parameters.query
    size = query.get("size", 20)
    rows, total = services.member_bets(
        request.db,
        request.tenant.id,
        request.authenticated_userid,
        query.get("gameCode"),
        query.get("state"),
        query.get("page", 1),
        size,
    )
    name = _names(request)
    return {
        "content": [services.bet_value(row, request.tenant.money, name(row.game_code)) for row in rows],
        "totalPages": -(-total // size),
        "totalElements": total,
    }
