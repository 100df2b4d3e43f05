"""The lottery results-feed contract (``tessera_lottery_results``).

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_settings()`` (a brand's settings for a working feed), ``contract_unreachable_settings()``
(settings for a feed that cannot be reached) and ``contract_publish(settings, game_code, numero,
numbers)``: make its feed publish ``numbers`` (published order) as that draw's result.

The formats are written out here (the kit sits below the lottery): the north ("MB") publishes 27
numbers from the special prize down, a southern or central province 18 from the 8th prize up.
"""

import hashlib
from datetime import date, timedelta

import pytest

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.kit.contract import Reference

RESULTS = "tessera_lottery_results"
# Each slot's digits in published order.
NORTH_DIGITS = (5, 5, 5, 5, *[5] * 6, *[4] * 4, *[4] * 6, 3, 3, 3, 2, 2, 2, 2)
SOUTH_DIGITS = (2, 3, 4, 4, 4, 4, *[5] * 7, 5, 5, 5, 5, 6)
DIGITS = {"MB": NORTH_DIGITS, "HCM": SOUTH_DIGITS, "TTH": SOUTH_DIGITS}  # Ho Chi Minh City, Huế: Mondays
MONDAY = 0


def past_numero(game_code: str) -> str:
    """A draw of the game at least two days gone (MB draws daily, HCM and TTH on Mondays)."""
    day = date.today() - timedelta(days=2)
    while game_code != "MB" and day.weekday() != MONDAY:
        day -= timedelta(days=1)
    return f"{day:%Y%m%d}"


def future_numero(game_code: str) -> str:
    """A draw of the game some days to come."""
    day = date.today() + timedelta(days=3)
    while game_code != "MB" and day.weekday() != MONDAY:
        day += timedelta(days=1)
    return f"{day:%Y%m%d}"


def some_numbers(game_code: str, seed: str) -> list[str]:
    return [
        f"{int(hashlib.sha256(f'{seed}/{i}'.encode()).hexdigest(), 16) % 10**digits:0{digits}d}"
        for i, digits in enumerate(DIGITS[game_code])
    ]


class DictFeed(Reference):
    """A conforming feed: the results published in it, by game and numero."""

    def __init__(self):
        super().__init__()
        self.published: dict[tuple[str, str, str], list[str]] = {}

    @hookimpl
    def tessera_lottery_results(self, tenant, settings, game_code, numero):
        self.record(tenant, RESULTS, settings)
        if settings["feed"] == "down":
            raise AdapterError("results_unavailable", game=game_code, numero=numero)
        if numero < f"{date.today():%Y%m%d}":  # a past day's draw has its result
            return self.published.get((settings["feed"], game_code, numero), some_numbers(game_code, numero))
        return self.published.get((settings["feed"], game_code, numero))

    def contract_settings(self) -> dict:
        return {"feed": "up"}

    def contract_unreachable_settings(self) -> dict:
        return {"feed": "down"}

    def contract_publish(self, settings, game_code, numero, numbers):
        self.published[(settings["feed"], game_code, numero)] = list(numbers)


class LotteryResultsContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = RESULTS

    @staticmethod
    def references() -> dict:
        return {"reference": DictFeed()}

    @pytest.mark.parametrize("game_code", ["MB", "HCM", "TTH"])
    def test_a_past_draw_has_its_numbers_in_the_format_shape(self, adapter, game_code):
        settings = adapter.helper("contract_settings")()
        numbers = adapter.call(RESULTS, settings, game_code=game_code, numero=past_numero(game_code))
        assert isinstance(numbers, (list, tuple))
        assert [len(number) for number in numbers] == list(DIGITS[game_code])
        assert all(isinstance(number, str) and number.isascii() and number.isdigit() for number in numbers)

    @pytest.mark.parametrize("game_code", ["MB", "HCM"])
    def test_a_published_result_is_answered_in_published_order(self, adapter, game_code):
        settings = adapter.helper("contract_settings")()
        numero = past_numero(game_code)
        numbers = some_numbers(game_code, f"published-{game_code}")
        numbers[-1] = "0" * len(numbers[-1])  # leading zeros are kept
        adapter.helper("contract_publish")(settings, game_code, numero, numbers)
        assert list(adapter.call(RESULTS, settings, game_code=game_code, numero=numero)) == numbers

    @pytest.mark.parametrize("game_code", ["MB", "HCM"])
    def test_a_draw_to_come_is_not_published(self, adapter, game_code):
        settings = adapter.helper("contract_settings")()
        assert adapter.call(RESULTS, settings, game_code=game_code, numero=future_numero(game_code)) is None

    def test_a_feed_that_cannot_be_reached_is_an_adapter_error(self, adapter):
        settings = adapter.helper("contract_unreachable_settings")()
        with pytest.raises(AdapterError) as refused:
            adapter.call(RESULTS, settings, game_code="MB", numero=past_numero("MB"))
        assert isinstance(refused.value.code, str) and refused.value.code
