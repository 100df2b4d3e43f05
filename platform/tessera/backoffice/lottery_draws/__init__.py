"""The lottery's draws and schedule in the back office: the brand's draws read (``lottery.read``),
results entered or corrected and draws cancelled, always by two staff members (``lottery.results``,
through the approvals queue), and its games' schedule kept (``lottery.manage``)."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.lottery_draws", f"{BRAND}/lottery/draws")
    config.add_route("backoffice.lottery_draw", f"{BRAND}/lottery/draws/{{id}}")
    config.add_route("backoffice.lottery_draw_results", f"{BRAND}/lottery/draws/{{id}}/results")
    config.add_route("backoffice.lottery_draw_cancel", f"{BRAND}/lottery/draws/{{id}}/cancel")
    config.add_route("backoffice.lottery_games", f"{BRAND}/lottery/games")
    config.add_route("backoffice.lottery_game", f"{BRAND}/lottery/games/{{game_code}}")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
