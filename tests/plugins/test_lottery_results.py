"""The lottery results-feed contract (the kit's ``LotteryResultsContract``) on every installed plugin,
the suite's reference and the built-in ``results-http`` against the development feed; then what
``results-http`` does with a feed's failures and malformed answers, and the lottery's check of
what a feed answers (``tessera.lottery.results.official_result``)."""

from datetime import UTC, datetime

import httpx
import pytest
import webtest
from tessera_sandboxes import server
from tessera_sandboxes.lottery_results import LocalFeed, ResultsFeed, drawn_numbers, prizes_of

from tessera.lottery.errors import LotteryError
from tessera.lottery.results import official_result
from tessera.plugins import AdapterError, TenantPlugins, make_plugin_manager, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_url
from tessera.plugins.kit.suites.lottery_results import (
    RESULTS,
    LotteryResultsContract,
    future_numero,
    past_numero,
)
from tessera_plugins import results_http

PLUGIN = "results-http"


class TestLotteryResults(LotteryResultsContract):
    """Every installed implementation and the references; ``results-http`` among them even where the
    installed package's entry points predate it."""

    @staticmethod
    def references() -> dict:
        references = LotteryResultsContract.references()
        if plugin_manager().get_plugin(PLUGIN) is None:
            references[PLUGIN] = results_http
        return references


# -- results-http against its own feed ------------------------------------------------------


@pytest.fixture
def feed():
    feed = LocalFeed(ResultsFeed(api_key="feed-key"))
    yield feed
    feed.close()


@pytest.fixture
def plugins(feed) -> TenantPlugins:
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(results_http, name=PLUGIN)
    settings = {"base_url": feed.url, "api_key": "feed-key", "timeout_seconds": 2}
    return TenantPlugins(pm, brand({PLUGIN: settings}))


def test_the_north_is_answered_from_the_special_prize_down(plugins, feed):
    numero = past_numero("MB")
    numbers = plugins.lottery_results("MB", numero)
    assert numbers == drawn_numbers("MB", numero)
    assert [len(n) for n in numbers] == [5] * 10 + [4] * 10 + [3] * 3 + [2] * 4
    assert official_result(plugins, "MB", numero).special == numbers[0]


def test_a_province_is_answered_from_the_eighth_prize_up(plugins):
    numero = past_numero("HCM")
    result = official_result(plugins, "HCM", numero)
    assert [len(n) for n in result.numbers] == [2, 3, 4, 4, 4, 4] + [5] * 11 + [6]
    assert result.special == drawn_numbers("HCM", numero)[-1]


def test_the_feed_answers_prizes_by_name():
    prizes = prizes_of("HCM", drawn_numbers("HCM", "20261123"))
    assert list(prizes) == ["eighth", "seventh", "sixth", "fifth", "fourth", "third", "second", "first", "special"]
    assert [len(prizes[name]) for name in prizes] == [1, 1, 3, 1, 7, 2, 1, 1, 1]
    assert results_http.published_order("HCM", prizes) == drawn_numbers("HCM", "20261123")
    # The feed's numbers are the same at every call: tests can predict them.
    assert drawn_numbers("MB", "20261123") == drawn_numbers("MB", "20261123") != drawn_numbers("MB", "20261124")


def test_a_draw_to_come_is_none(plugins):
    assert plugins.lottery_results("MB", future_numero("MB")) is None
    assert official_result(plugins, "HCM", future_numero("HCM")) is None


def test_a_key_the_feed_does_not_know_is_unavailable(feed):
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(results_http, name=PLUGIN)
    for api_key in ("other-key", ""):
        settings = {"base_url": feed.url, "api_key": api_key}
        with pytest.raises(AdapterError, match="results_unavailable"):
            TenantPlugins(pm, brand({PLUGIN: settings})).lottery_results("MB", past_numero("MB"))


@pytest.mark.parametrize("status", [500, 503, 401])
def test_a_failing_feed_is_unavailable_then_recovers(plugins, feed, status):
    feed.feed.fail_next(status)
    with pytest.raises(AdapterError) as refused:
        plugins.lottery_results("MB", past_numero("MB"))
    assert refused.value.code == "results_unavailable"
    assert plugins.lottery_results("MB", past_numero("MB")) is not None


def test_failures_are_set_over_http(plugins, feed):
    answer = httpx.post(
        f"{feed.url}/failures", json={"status": 502, "count": 2}, headers={"Authorization": "Bearer feed-key"}
    )
    assert answer.status_code == 204
    for _ in range(2):
        with pytest.raises(AdapterError, match="results_unavailable"):
            plugins.lottery_results("MB", past_numero("MB"))
    assert plugins.lottery_results("MB", past_numero("MB")) is not None


def test_a_feed_that_cannot_be_reached_is_unavailable():
    pm = make_plugin_manager(load_entry_points=False)
    pm.register(results_http, name=PLUGIN)
    plugins = TenantPlugins(pm, brand({PLUGIN: {"base_url": closed_url("/lottery-results"), "timeout_seconds": 1}}))
    with pytest.raises(AdapterError, match="results_unavailable"):
        official_result(plugins, "MB", past_numero("MB"))


def test_a_result_set_over_http_is_published_at_once(plugins, feed):
    numero = future_numero("HCM")
    numbers = drawn_numbers("HCM", "20261123")
    answer = httpx.post(
        f"{feed.url}/results/HCM/{numero}", json={"numbers": numbers}, headers={"Authorization": "Bearer feed-key"}
    )
    assert answer.status_code == 204
    assert official_result(plugins, "HCM", numero).numbers == tuple(numbers)


@pytest.mark.parametrize(
    ("prizes", "code"),
    [
        ({"special": ["12345"]}, "prize_count_invalid"),
        ({**prizes_of("MB", drawn_numbers("MB", "20261123")), "special": ["1234"]}, "prize_digits_invalid"),
        ({**prizes_of("MB", drawn_numbers("MB", "20261123")), "special": ["12a45"]}, "prize_not_digits"),
        ({**prizes_of("MB", drawn_numbers("MB", "20261123")), "special": [12345]}, "prize_not_digits"),
    ],
)
def test_a_malformed_result_is_a_lottery_error(plugins, feed, prizes, code):
    numero = past_numero("MB")
    httpx.post(f"{feed.url}/results/MB/{numero}", json={"prizes": prizes}, headers={"Authorization": "Bearer feed-key"})
    with pytest.raises(LotteryError) as refused:
        official_result(plugins, "MB", numero)
    assert refused.value.code == code


@pytest.mark.parametrize("prizes", [["12345"], {"eighth": ["12"]}, {"special": "12345"}, None])
def test_prizes_not_by_name_are_unavailable(plugins, feed, prizes):
    numero = past_numero("MB")
    httpx.post(f"{feed.url}/results/MB/{numero}", json={"prizes": prizes}, headers={"Authorization": "Bearer feed-key"})
    with pytest.raises(AdapterError, match="results_unavailable"):
        plugins.lottery_results("MB", numero)


# -- The lottery's reading of any feed ------------------------------------------------------


class Answering:
    """A brand's plugins whose feed answers ``answer`` (the facade's method alone)."""

    def __init__(self, answer):
        self.answer, self.asked = answer, []

    def lottery_results(self, game_code, numero):
        self.asked.append((game_code, numero))
        return self.answer


@pytest.mark.parametrize("answer", ["12345", {"special": "12345"}, 27, b"1"], ids=repr)
def test_an_answer_that_is_not_a_list_is_malformed(answer):
    with pytest.raises(LotteryError) as refused:
        official_result(Answering(answer), "MB", past_numero("MB"))
    assert refused.value.code == "results_malformed"


def test_a_fast_game_or_a_day_without_a_draw_is_refused_before_asking():
    plugins = Answering(None)
    with pytest.raises(LotteryError) as refused:
        official_result(plugins, "ELOTT1M", "20261123-0001")
    assert refused.value.code == "results_game_not_official"
    with pytest.raises(LotteryError) as refused:
        official_result(plugins, "HCM", "20261124")  # a Tuesday: Ho Chi Minh City draws Mondays and Saturdays
    assert refused.value.code == "numero_invalid"
    assert plugins.asked == []


def test_the_facade_asks_the_hook(plugins):
    assert plugins.has_lottery_results
    assert RESULTS == "tessera_lottery_results"


# -- The development feed -------------------------------------------------------------------


def test_a_draw_is_published_from_its_draw_time():
    # MB draws at 18:15 in Vietnam (11:15 UTC); 2026-11-23 was a Monday.
    feed = ResultsFeed(clock=lambda: datetime(2026, 11, 23, 11, 14, 59, tzinfo=UTC))
    assert feed.result("MB", "20261123") == (404, {"error": "not_published"})
    feed.clock = lambda: datetime(2026, 11, 23, 11, 15, tzinfo=UTC)
    status, answer = feed.result("MB", "20261123")
    assert status == 200 and answer["prizes"] == prizes_of("MB", drawn_numbers("MB", "20261123"))


@pytest.mark.parametrize(("game", "numero"), [("HCM", "20261124"), ("ELOTT1M", "20261123-0001"), ("XX", "20261123")])
def test_a_draw_the_schedule_does_not_have_is_unknown(game, numero):
    assert ResultsFeed().result(game, numero) == (404, {"error": "draw_unknown"})


def test_the_sandboxes_serve_the_feed_under_lottery_results():
    app = webtest.TestApp(server.make_app(environ={}))
    answer = app.get(f"/lottery-results/results/MB/{past_numero('MB')}")
    assert answer.json["prizes"] == prizes_of("MB", drawn_numbers("MB", past_numero("MB")))
    assert app.get(f"/lottery-results/results/MB/{future_numero('MB')}", status=404).json == {"error": "not_published"}
