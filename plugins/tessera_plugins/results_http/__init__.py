"""The Vietnamese lottery's official results from an HTTP(S) results feed, one feed per brand.

    [plugins.results-http]
    base_url = "https://results.example/v1"
    api_key = "env:DEMO_VN_RESULTS_KEY"   # optional, a secret: read from the environment
    timeout_seconds = 10                  # optional

The feed protocol Tessera speaks (a feed's own API is put behind a small adapter that speaks it):

- ``GET <base_url>/results/<game_code>/<numero>`` (``MB``, ``20261127``) with
  ``Accept: application/json`` and, when an ``api_key`` is set, ``Authorization: Bearer <api_key>``.
- 200 answers ``{"gameCode": "MB", "numero": "20261127", "prizes": {"special": ["12345"],
  "first": [...], ..., "seventh": [...]}}``: each prize's numbers as strings, leading zeros kept,
  in the order drawn; prize names ``special``, ``first`` ... ``eighth`` (the north has no
  eighth). The plugin answers them in the format's published order (the north from the special
  prize down, the south and centre from the 8th prize up).
- 404 means the draw is not published yet (or the feed has no such draw): the hook answers None.
- Anything else (no answer within ``timeout_seconds``, no connection, a 5xx, 401/403, an answer
  for another draw or without prizes) is ``AdapterError("results_unavailable")``. The numbers
  themselves are checked by the core against the draw's format.
"""

from tessera import hookimpl
from tessera.plugins import client

PRIZE_NAMES = ("special", "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth")
NORTH = "MB"  # the north's one daily game; every other Vietnamese game is a province's
# The published order, as prize names: the north from the special prize down, the provinces up.
NORTH_ORDER = PRIZE_NAMES[:8]
PROVINCE_ORDER = PRIZE_NAMES[::-1]

SETTINGS_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["base_url"],
    "properties": {"base_url": client.BASE_URL, "api_key": client.SECRET, "timeout_seconds": client.TIMEOUT},
}


class FeedClient(client.SignedClient):
    """The platform's plugin client, authenticated by an optional bearer key instead of a signature."""

    unavailable_code = "results_unavailable"

    def signed_headers(self, method: str, path: str, query: str, body: bytes) -> dict[str, str]:
        api_key = self.settings.get("api_key")
        return {"Authorization": f"Bearer {api_key}"} if api_key else {}


def published_order(game_code: str, prizes) -> list:
    """A feed's ``prizes`` (name -> numbers) as one list in the game's published order."""
    order = NORTH_ORDER if game_code == NORTH else PROVINCE_ORDER
    if (
        not isinstance(prizes, dict)
        or set(prizes) - set(order)
        or not all(isinstance(prizes.get(name, []), list) for name in order)
    ):
        raise ValueError("prizes")
    return [number for name in order for number in prizes.get(name, [])]


@hookimpl
def tessera_lottery_results(tenant, settings, game_code, numero):
    feed = FeedClient(settings, game=game_code, numero=numero)
    status, answer = feed.call("GET", f"/results/{game_code}/{numero}")
    if status == 404:
        return None
    if status != 200:
        raise feed.unavailable(f"HTTP {status} {answer.get('error')!r}")
    if answer.get("gameCode") != game_code or answer.get("numero") != numero:
        raise feed.unavailable(f"an answer for {answer.get('gameCode')!r} {answer.get('numero')!r}")
    try:
        return published_order(game_code, answer.get("prizes"))
    except ValueError:
        raise feed.unavailable("an answer without its prizes by name") from None


# -- Contract helpers (the kit's lottery-results suite) -------------------------------------
# They use the development feed of the sandboxes (tessera_sandboxes.lottery_results).


def contract_settings() -> dict:
    from tessera_sandboxes.lottery_results import shared

    return {"base_url": shared().url, "timeout_seconds": 5}


def contract_unreachable_settings() -> dict:
    from tessera.plugins.kit.local_http import closed_url

    return {**contract_settings(), "base_url": closed_url("/lottery-results")}


def contract_publish(settings, game_code: str, numero: str, numbers: list[str]) -> None:
    """Make the feed publish ``numbers`` (in published order) as the draw's result."""
    from tessera_sandboxes.lottery_results import shared

    shared().publish(game_code, numero, numbers)
