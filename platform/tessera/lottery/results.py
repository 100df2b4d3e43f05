"""A Vietnamese draw's official result, read from the brand's results feed (a plugin) and checked
against the draw's format, so a feed's malformed answer is a LotteryError, never a crash."""

from tessera.lottery.errors import LotteryError
from tessera.lottery.prizes import DrawResult, result_of
from tessera.lottery.schedule import OFFICIAL, Schedule, VnGame, draw_of


def official_result(plugins, game_code: str, numero: str, schedule: Schedule = OFFICIAL) -> DrawResult | None:
    """The result of ``game_code``'s draw ``numero`` as the brand's results feed publishes it
    (``plugins``: a brand's :class:`tessera.plugins.TenantPlugins`), or None when not published
    yet. ``results_game_not_official`` for a house (fast) game, ``numero_invalid`` for a day the
    game does not draw, ``results_malformed`` (or a result code of :func:`result_of`) for an
    answer that is not the format's numbers; a feed that cannot be reached raises its
    AdapterError."""
    game = schedule.game(game_code)
    if not isinstance(game, VnGame):
        raise LotteryError("results_game_not_official", game=game_code)
    draw_of(game_code, numero, schedule)
    numbers = plugins.lottery_results(game_code, numero)
    if numbers is None:
        return None
    if not isinstance(numbers, (list, tuple)):
        raise LotteryError("results_malformed", game=game_code, numero=numero)
    return result_of(game.draw_format, numbers)
