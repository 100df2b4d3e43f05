"""The brand's lottery book as staff keep it (``lottery.manage``) and read it (``lottery.read``):
prices, odds, stakes, a member's limit on a draw and the cap on a number, over tenant.toml's
``[lottery]``; each number's liability in a draw, and a draw's settlement."""

from pathlib import Path

BRAND = "/bo/api/brands/{brand}"


def includeme(config):
    config.add_route("backoffice.lottery_book", f"{BRAND}/lottery/book")
    config.add_route("backoffice.lottery_liability", f"{BRAND}/lottery/draws/{{draw_id}}/liability")
    config.add_route("backoffice.lottery_settlement", f"{BRAND}/lottery/draws/{{draw_id}}/settlement")
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
