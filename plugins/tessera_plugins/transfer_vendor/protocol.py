"""What the plugin and the vendor sandbox agree on: the calls, their signature, the field formats.

Calls, under the vendor's base URL; bodies and answers are JSON, amounts and balances strings
with two decimals; errors are ``{"error": code}``:

- ``POST /wallet/transfer`` ``{player, amount, direction: "in"|"out", transfer_id}`` -> 200
  ``{transfer_id, status: "done", balance, player, amount, direction, created_at}``. Idempotent
  by (operator, transfer_id): the first outcome is answered again. 422 ``insufficient_funds``
  (with ``status: "refused"`` and the ``balance``) for more out than the balance: that refusal is
  the transfer's outcome too. 409 ``transfer_conflict``: the id was used with other fields.
- ``GET /wallet/transfer/{transfer_id}`` -> ``{transfer_id, status: "unknown"|"done"|"refused", ...}``.
- ``GET /wallet/balance?player=`` -> ``{player, balance}`` ("0.00" for a player never seen).
- ``GET /games`` -> ``{games: [{code, name, type, classify, min_bet, lines, hot}]}``: ``classify``
  a slot class (SC, VP, TG, AC, JP), ``min_bet`` the smallest line bet, ``lines`` the lines a spin
  plays (it bets the line bet on each).
- ``GET /bets?after=&limit=`` -> ``{bets: [{seq, round_id, player, game_code, line_bet, lines, bet,
  payout, placed_at, settled_at}], next}``: the operator's rounds recorded after the position
  ``after`` (a round's ``seq``, a text of digits; none or empty for the first), oldest first, at
  most ``limit`` of them (1 to ``MAX_BETS_PAGE``, default that); ``next`` is the ``seq`` of the last
  one listed, or ``after`` again when none is. Times are ISO 8601 with offset. A round is settled
  when played, so a round is listed once.
- ``GET /play/{code}?lang=&device=&demo=&player=&operator=&ts=&sig=``: the game page a member
  opens (a launch URL). Its spins, ``POST /sessions/{token}/spin``, and the published paytables,
  ``GET /games/{code}/paytable``, are the page's calls, not the operator's: they carry no headers.

400 ``invalid_request``; 401 ``signature_invalid`` or ``timestamp_stale``; 5xx: try again later.

A request carries three headers: ``X-Operator-Id``, ``X-Timestamp`` (Unix seconds) and
``X-Signature``, the lowercase hex HMAC-SHA256, keyed with the operator's secret, of::

    METHOD "\\n" PATH "\\n" QUERY "\\n" OPERATOR_ID "\\n" TIMESTAMP "\\n" SHA256_HEX(BODY)

``PATH`` is the path under the vendor's base URL (``/wallet/transfer``), so the vendor may be
mounted anywhere; ``QUERY`` the query parameters sorted and URL-encoded (``""`` when none). The
vendor refuses a timestamp more than ``MAX_SKEW_SECONDS`` away from its clock, so a captured
request cannot be replayed later. A launch URL is signed the same way (method GET, empty body),
with ``operator``, ``ts`` and ``sig`` as query parameters instead of headers.
"""

import re

# The signature, the headers, the amounts and the clock window are the client library's (Tessera's
# signed-vendor scheme): both sides import them from here.
from tessera.plugins.client import (
    MAX_SKEW_SECONDS,
    MONEY,
    OPERATOR_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    canonical_query,
    fresh,
)
from tessera.plugins.client import sign_request as sign
from tessera.plugins.client import verify_request as verify

TRANSFER_ID = re.compile(r"[A-Za-z0-9_.:-]{1,128}")
PLAYER = re.compile(r"[A-Za-z0-9_.-]{1,64}")
MAX_BETS_PAGE = 500
POSITION = re.compile(r"0|[1-9][0-9]{0,17}")  # a place in the operator's rounds: a round's seq

__all__ = [
    "MAX_BETS_PAGE",
    "MAX_SKEW_SECONDS",
    "MONEY",
    "OPERATOR_HEADER",
    "PLAYER",
    "POSITION",
    "SIGNATURE_HEADER",
    "TIMESTAMP_HEADER",
    "TRANSFER_ID",
    "canonical_query",
    "fresh",
    "sign",
    "verify",
]
