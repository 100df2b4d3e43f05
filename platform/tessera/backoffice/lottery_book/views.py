"""Staff read and change the brand's lottery book (audited, seen by members at once), and read a
draw's liability per number and its settlement."""

from pyramid.view import view_config

from tessera.backoffice.changes import record_change
from tessera.backoffice.lottery_book import services
from tessera.backoffice.permissions import Permission
from tessera.lottery.book.services import brand_book, overrides_of

reading = dict(renderer="api", openapi=True, staff=Permission.LotteryRead)


def _book(request) -> dict:
    row = overrides_of(request.db, request.tenant.id)
    return services.book_value(brand_book(request.db, request.tenant), row.overrides if row else {})


@view_config(route_name="backoffice.lottery_book", request_method="GET", **reading)
def show_book(request):
    return _book(request)


@view_config(
    route_name="backoffice.lottery_book",
    request_method="PUT",
    renderer="api",
    openapi=True,
    staff=Permission.LotteryManage,
)
def change_book(request):
    _book(request)  # a brand that sells no lottery has no book to change
    before, after = services.change(request.db, request.tenant, request.openapi.body)
    record_change(request, "lottery_book_changed", "lottery_book", before, after)
    return _book(request)


@view_config(route_name="backoffice.lottery_liability", request_method="GET", **reading)
def draw_liability(request):
    draw = services.draw_of(request.db, request.tenant.id, request.matchdict["draw_id"])
    code = request.openapi.parameters.query.get("betType")
    return services.liability(request.db, brand_book(request.db, request.tenant), draw, code)


@view_config(route_name="backoffice.lottery_settlement", request_method="GET", **reading)
def draw_settlement(request):
    draw = services.draw_of(request.db, request.tenant.id, request.matchdict["draw_id"])
    return services.settlement(request.db, request.tenant.money, draw)
