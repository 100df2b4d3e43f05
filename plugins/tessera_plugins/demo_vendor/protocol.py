"""What the demo vendor and its Tessera plugin agree on: the calls each side makes, their
signatures and the field formats. Bodies and answers are JSON; amounts are strings with two
decimals ("12.50"), never JSON numbers.

The vendor's API (the plugin calls it, under the vendor's base URL):

- ``GET /api/vendors`` -> ``{vendors: [{code, name, gameType, walletMode, hot, accountTypeId,
  logo, gameCount}]}``
- ``GET /api/games?vendor=&currency=`` -> ``{vendor, games: [{code, name, type, classify, minBet,
  lines, hot, icon, rank}]}``; 404 ``vendor_unknown``. ``minBet`` is in ``currency``: the vendor
  quotes dong, rupiah, kyat and won in thousands of its base limits (yen in hundreds) and pays only
  what such a currency writes (whole units).
- ``POST /api/sessions`` ``{vendor, game, player, username, currency, token, walletUrl, language,
  device, freePlay}`` -> 201 ``{session, url, expiresAt}``: a game session and the launch URL
  that opens it. ``player``, ``token`` (the wallet's launch token) and ``walletUrl`` are null for
  free play. 404 ``vendor_unknown`` / ``game_unknown``.
- ``GET /api/rooms?vendor=&currency=`` -> ``{rooms: [{roomId, gameCode, name, dealer, minBet, maxBet,
  players, status}]}`` (live vendors have tables; the others answer none)

Errors are ``{"error": code}``: 400 ``invalid_request``, 401 ``signature_invalid`` or
``timestamp_stale``, 404 as above; a 5xx means try again later. Each request carries
``X-Operator-Id``, ``X-Timestamp`` (Unix seconds) and ``X-Signature``, the lowercase hex
HMAC-SHA256, keyed with the operator's secret, of::

    METHOD "\\n" PATH "\\n" QUERY "\\n" OPERATOR_ID "\\n" TIMESTAMP "\\n" SHA256_HEX(BODY)

``PATH`` is the path under the base URL (``/api/games``) and ``QUERY`` the parameters sorted and
URL-encoded.

The seamless wallet (the vendor calls the brand): ``POST <walletUrl>/<operation>`` for the
operations ``authenticate``, ``balance``, ``debit``, ``credit``, ``rollback``, ``cancel`` and
``resettle``, with the body
``{player: "<brand slug>-<member id>", token?, transactionId?, roundId?, gameCode?, amount?,
currency, rollbackOf?}`` and the headers ``X-Operator-Id``, ``X-Timestamp`` and ``X-Signature``
over::

    "POST" "\\n" PATH "\\n" OPERATOR_ID "\\n" TIMESTAMP "\\n" SHA256_HEX(BODY)

where ``PATH`` is the path of the URL called (``/vendors/TY/wallet/debit``). The brand answers a
JSON object (``{ok: true, balance, currency, ...}`` or ``{ok: false, code, balance?}``) signed in
``X-Timestamp`` and ``X-Signature`` over::

    "ANSWER" "\\n" PATH "\\n" STATUS "\\n" TIMESTAMP "\\n" SHA256_HEX(BODY)

so an answer cannot be moved to another call or status. A refusal's ``code`` is one of
``token_invalid``, ``player_unknown``, ``insufficient_funds``, ``transaction_conflict``,
``amount_invalid``, ``round_unknown``, ``round_settled``, ``round_closed``, ``round_rolled_back``,
``round_open`` and ``round_cancelled``, final for its transaction id (a replay gets the same answer); only
``signature_invalid`` (401) and ``request_invalid`` (400) say the call was not read. Both sides
refuse a timestamp more than ``MAX_SKEW_SECONDS`` from their clock.

Rounds: a ``debit`` opens the round ``roundId`` or adds to it. A ``credit`` names the round of a
debit the brand accepted for the same player (``round_unknown`` otherwise) and settles it, however
late it comes (``0.00`` settles a loss). A further credit into a settled round is a late win,
accepted for ``LATE_CREDIT_HOURS`` after the round settled and refused ``round_closed`` after
that; a credit into a rolled-back round is refused ``round_rolled_back``. Every credit names a
round: there are no bonus or jackpot credits of their own. The game server credits each round
once and sends a credit whose answer it lost again, with the same id and fields, until the brand
accepts it: the round is still open, or the credit was taken and its replay answers the same, so
such a late credit always lands. Bets that settle later (sports, esports, cockfight) stay open
until their credit. A ``cancel`` ``{transactionId, roundId}`` voids a round (its stakes back, a
win paid taken back), once per round; a ``resettle`` ``{transactionId, roundId, amount}`` gives a
settled round its corrected payout (``amount``, the whole payout: the brand moves the difference).
A launch URL ``/play/<session>?exp=&sig=`` is signed over
``"PLAY" "\\n" SESSION "\\n" EXP`` and opens only until ``exp``.
"""

import hashlib
import hmac
import re
from urllib.parse import urlencode

OPERATOR_HEADER, TIMESTAMP_HEADER, SIGNATURE_HEADER = "X-Operator-Id", "X-Timestamp", "X-Signature"
MAX_SKEW_SECONDS = 300
LATE_CREDIT_HOURS = 24  # how long after a round settled a further credit into it is accepted
WALLET_OPERATIONS = ("authenticate", "balance", "debit", "credit", "rollback", "cancel", "resettle")
MONEY = re.compile(r"(0|[1-9][0-9]{0,14})\.[0-9]{2}")
# A player at the vendor: "<brand slug>-<member id>"; the slug keeps two brands on one operator apart.
PLAYER = re.compile(r"(?P<slug>[a-z0-9][a-z0-9-]{0,62})-(?P<member>[1-9][0-9]{0,17})")
TRANSACTION_ID = re.compile(r"[A-Za-z0-9_.:-]{1,64}")
LANGUAGE = re.compile(r"[a-z]{2,3}(-[A-Za-z]{2,4})?")


def canonical_query(items) -> str:
    pairs = items.items() if isinstance(items, dict) else items
    return urlencode(sorted((str(k), str(v)) for k, v in pairs))


def _mac(secret: str, *parts: str, body: bytes) -> str:
    canonical = "\n".join([*parts, hashlib.sha256(body).hexdigest()])
    return hmac.new(secret.encode(), canonical.encode(), hashlib.sha256).hexdigest()


def _same(expected: str, signature: str) -> bool:
    return signature.isascii() and hmac.compare_digest(expected, signature)


def fresh(timestamp: str, now: float) -> bool:
    """Whether ``timestamp`` (a header's text) is whole Unix seconds close enough to ``now``."""
    return timestamp.isascii() and timestamp.isdigit() and abs(int(timestamp) - now) <= MAX_SKEW_SECONDS


def sign_request(
    secret: str, method: str, path: str, query: str, operator_id: str, timestamp, body: bytes = b""
) -> str:
    """The signature of a call to the vendor's API."""
    return _mac(secret, method.upper(), path, query, operator_id, str(timestamp), body=body)


def verify_request(
    secret: str, signature: str, method: str, path: str, query: str, operator_id: str, timestamp: str, body: bytes
) -> bool:
    """Whether an API call is signed with ``secret``; an empty secret never verifies. Check ``fresh`` too."""
    return bool(secret) and _same(sign_request(secret, method, path, query, operator_id, timestamp, body), signature)


def sign_wallet_call(secret: str, path: str, operator_id: str, timestamp, body: bytes) -> str:
    """The signature of the vendor's call to a brand's seamless wallet at ``path``."""
    return _mac(secret, "POST", path, operator_id, str(timestamp), body=body)


def verify_wallet_call(secret: str, signature: str, path: str, operator_id: str, timestamp: str, body: bytes) -> bool:
    return bool(secret) and _same(sign_wallet_call(secret, path, operator_id, timestamp, body), signature)


def sign_wallet_answer(secret: str, path: str, status: int, timestamp, body: bytes) -> str:
    """The signature of the brand's answer, with its HTTP status, to the call at ``path``."""
    return _mac(secret, "ANSWER", path, str(status), str(timestamp), body=body)


def verify_wallet_answer(secret: str, signature: str, path: str, status: int, timestamp: str, body: bytes) -> bool:
    return bool(secret) and _same(sign_wallet_answer(secret, path, status, timestamp, body), signature)


def sign_launch(secret: str, session_id: str, expires: int | str) -> str:
    return _mac(secret, "PLAY", session_id, str(expires), body=b"")


def verify_launch(secret: str, signature: str, session_id: str, expires: str, now: float) -> bool:
    """Whether a launch URL is signed with ``secret`` and ``expires`` (Unix seconds) has not passed."""
    return (
        bool(secret)
        and expires.isascii()
        and expires.isdigit()
        and int(expires) >= now
        and _same(sign_launch(secret, session_id, expires), signature)
    )


def wallet_path(vendor: str, operation: str) -> str:
    """The path of a vendor's seamless-wallet call on a Tessera brand's host."""
    return f"/vendors/{vendor}/wallet/{operation}"


def player_name(slug: str, member_id: int) -> str:
    return f"{slug}-{member_id}"


def to_minor(amount: str) -> int:
    """``"12.50"`` -> ``1250``, for an amount that matches ``MONEY``."""
    whole, cents = amount.split(".")
    return int(whole) * 100 + int(cents)


def to_money(minor: int) -> str:
    sign = "-" if minor < 0 else ""
    return f"{sign}{abs(minor) // 100}.{abs(minor) % 100:02d}"
