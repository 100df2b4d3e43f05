"""The lottery's draws and schedule as staff read and change them. Results and cancellations are
asked (202 and the approval) and done once a second staff member approves them in the approvals
queue; a schedule change is audited and read by the draws' jobs and the members' menus at once."""

from pyramid.view import view_config

from tessera.backoffice.acting import Acting
from tessera.backoffice.approvals.services import approval_value
from tessera.backoffice.changes import record_change
from tessera.backoffice.lottery_draws import services
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import now
from tessera.lottery.draws.games import brand_schedule, game_row_value

read_call = dict(renderer="api", openapi=True, staff=Permission.LotteryRead)
results_call = dict(renderer="api", openapi=True, staff=Permission.LotteryResults)


def _schedule(request):
    return brand_schedule(request.db, request.tenant, disabled=True)


def _draw(request):
    return services.brand_draw(request.db, request.tenant.id, int(request.matchdict["id"]))


@view_config(route_name="backoffice.lottery_draws", request_method="GET", **read_call)
def list_draws(request):
    return services.draws_page(request.db, request.tenant.id, _schedule(request), request.openapi.parameters.query)


@view_config(route_name="backoffice.lottery_draw", request_method="GET", **read_call)
def show_draw(request):
    draw = _draw(request)
    return services.draw_value(draw, _schedule(request), services.pending_approval(request.db, draw))


def _asked(request, approval) -> dict:
    request.response.status = 202
    return {"approval": approval_value(approval, request.tenant.money)}


@view_config(route_name="backoffice.lottery_draw_results", request_method="POST", **results_call)
def ask_results(request):
    form = request.openapi.body
    draw = services.brand_draw(request.db, request.tenant.id, int(request.matchdict["id"]), lock=True)
    acting = Acting.of(request)
    approval = services.ask_results(request.db, acting, _schedule(request), draw, form["prizes"], form.get("reason"))
    return _asked(request, approval)


@view_config(route_name="backoffice.lottery_draw_cancel", request_method="POST", **results_call)
def ask_cancel(request):
    form = request.openapi.body or {}
    draw = services.brand_draw(request.db, request.tenant.id, int(request.matchdict["id"]), lock=True)
    return _asked(request, services.ask_cancel(request.db, Acting.of(request), draw, form.get("reason")))


@view_config(route_name="backoffice.lottery_games", request_method="GET", **read_call)
def list_games(request):
    return services.games_page(request.db, request.tenant)


@view_config(
    route_name="backoffice.lottery_game",
    request_method="PUT",
    renderer="api",
    openapi=True,
    staff=Permission.LotteryManage,
)
def change_game(request):
    row = services.brand_game(request.db, request.tenant, request.matchdict["game_code"])
    before = game_row_value(row)
    services.set_game(request.db, row, request.openapi.body, request.staff.username, now(request.registry))
    after = game_row_value(row)
    record_change(request, "lottery_game_changed", f"lottery_game:{row.code}", before, after)
    return after
