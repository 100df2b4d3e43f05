"""The demo game vendor: an aggregator of 18 vendors and about 10,000 games, every one of them
played through the brand's seamless wallet. A brand's table:

    [plugins.demo-vendor]
    base_url = "https://games.example/demo-vendor"   # the vendor's API and game pages
    operator_id = "demo-bd"                           # the brand's account at the vendor
    secret = "env:DEMO_GAMES_SECRET"                  # signs both ways: API calls and wallet calls
    vendors = ["TY", "VLC"]                           # optional: offer only these vendors
    image_hosts = ["https://img.games.example"]       # optional: icons' hosts beside base_url's
    game_hosts = ["https://play.games.example"]       # optional: game pages' hosts beside base_url's
    timeout_seconds = 10                              # optional, per request

Each brand player is ``"<brand slug>-<member id>"`` at the vendor. The vendor calls the brand's
wallet at ``<walletUrl>/<operation>`` (the ``walletUrl`` Tessera gives at launch) with a
signature made with the same secret; ``tessera_seamless_decode`` checks it and
``tessera_seamless_encode`` signs the answer. The calls and signatures are in ``protocol.py``;
``server.py`` is the vendor, served for development by ``python -m tessera_sandboxes`` at
``/demo-vendor``.
"""

import json
import time

from tessera import hookimpl
from tessera.plugins import AdapterError, client
from tessera_plugins.demo_vendor.api import VendorClient
from tessera_plugins.demo_vendor.protocol import (
    LANGUAGE,
    LATE_CREDIT_HOURS,
    MONEY,
    OPERATOR_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    TRANSACTION_ID,
    WALLET_OPERATIONS,
    fresh,
    sign_wallet_answer,
    verify_wallet_call,
    wallet_path,
)

SETTINGS_SCHEMA = client.settings_schema(
    **client.HOST_SETTINGS,
    vendors={
        "type": "array",
        "minItems": 1,
        "uniqueItems": True,
        "items": {"type": "string", "pattern": "^[A-Z][A-Z0-9]{1,7}$"},
    },
)
MAX_WALLET_CALL = 16 * 1024


def offered(settings) -> list[dict]:
    """The vendor's vendors this brand offers (``vendors`` narrows them)."""
    chosen = settings.get("vendors")
    return [v for v in VendorClient(settings).vendors() if chosen is None or v["code"] in chosen]


@hookimpl
def tessera_vendor_hosts(tenant, settings):
    return client.vendor_hosts(settings)


@hookimpl
def tessera_game_vendors(tenant, settings):
    return [
        {
            "vassalage": v["code"],
            "displayName": v["name"],
            "gameType": v["gameType"],
            "walletMode": "seamless",
            "isHot": bool(v.get("hot")),
            "smallIcon": v.get("logo"),
            "accountTypeId": v.get("accountTypeId"),
            "lateCreditHours": LATE_CREDIT_HOURS,
        }
        for v in offered(settings)
    ]


@hookimpl
def tessera_game_catalog(tenant, settings, vassalage):
    return [
        {
            "gameCode": g["code"],
            "displayName": g["name"],
            "gameType": g["type"],
            "classify": g.get("classify"),
            "minBet": g.get("minBet"),
            "lines": g.get("lines"),
            "hot": bool(g.get("hot")),
            "rank": g.get("rank"),
            "icon": g.get("icon"),
            "icons": {"square": g["icon"]} if g.get("icon") else {},
        }
        for g in VendorClient(settings).games(vassalage, _currency(tenant))
    ]


def _currency(tenant) -> str:
    """The brand's currency, in which the vendor quotes its limits."""
    return tenant.config.get("currency", "FUN")


@hookimpl
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    fun = free_play or player is None
    fields = {
        "vendor": vassalage,
        "game": game_code,
        "freePlay": fun,
        "language": language if LANGUAGE.fullmatch(language or "") else "en",
        "device": device if device in ("WEB", "MOBILE") else "WEB",
        "currency": (player or {}).get("currency") or _currency(tenant),
        "player": None,
        "username": None,
        "token": None,
        "walletUrl": None,
    }
    if not fun:
        if not (player.get("launchToken") and player.get("walletUrl")):
            raise ValueError("a seamless-wallet launch needs the player's launchToken and walletUrl")
        fields |= {
            "player": client.player_reference(tenant, player["id"]),
            "username": player.get("username"),
            "token": player["launchToken"],
            "walletUrl": player["walletUrl"],
        }
    return VendorClient(settings).open_session(fields)


@hookimpl
def tessera_game_rooms(tenant, settings, vassalage):
    keys = ("roomId", "gameCode", "name", "dealer", "minBet", "maxBet", "players", "status")
    return [{key: room.get(key) for key in keys} for room in VendorClient(settings).rooms(vassalage, _currency(tenant))]


# -- The seamless wallet: the vendor's calls to the brand ------------------------------------


def _text(call: dict, key: str, pattern=None) -> str:
    value = call.get(key)
    if not isinstance(value, str) or not value or len(value) > 512 or (pattern and not pattern.fullmatch(value)):
        raise AdapterError("request_invalid", field=key)
    return value


@hookimpl
def tessera_seamless_decode(tenant, settings, vassalage, operation, headers, body):
    headers = {str(name).lower(): str(value) for name, value in dict(headers).items()}
    body = body.encode() if isinstance(body, str) else bytes(body)
    operator = headers.get(OPERATOR_HEADER.lower(), "")
    signed_at = headers.get(TIMESTAMP_HEADER.lower(), "")
    if (
        operator != settings["operator_id"]
        or not fresh(signed_at, time.time())
        or not verify_wallet_call(
            settings["secret"],
            headers.get(SIGNATURE_HEADER.lower(), ""),
            wallet_path(vassalage, operation),
            operator,
            signed_at,
            body,
        )
    ):
        raise AdapterError("signature_invalid")
    if operation not in WALLET_OPERATIONS or len(body) > MAX_WALLET_CALL:
        raise AdapterError("request_invalid")
    try:
        call = json.loads(body)
    except ValueError:
        call = None
    if not isinstance(call, dict):
        raise AdapterError("request_invalid")
    decoded = {"operation": operation, "memberId": client.member_of(tenant, _text(call, "player"))}
    if isinstance(call.get("currency"), str):
        decoded["currency"] = call["currency"]
    if operation == "authenticate":
        decoded["token"] = _text(call, "token")
    if operation in ("debit", "credit", "rollback", "cancel", "resettle"):
        decoded |= {
            "transactionId": _text(call, "transactionId", TRANSACTION_ID),
            "roundId": _text(call, "roundId", TRANSACTION_ID),
        }
        if isinstance(call.get("gameCode"), str):
            decoded["gameCode"] = call["gameCode"]
    if operation in ("debit", "credit"):
        decoded |= {"gameCode": _text(call, "gameCode"), "amount": _text(call, "amount", MONEY)}
    if operation == "resettle":
        decoded["amount"] = _text(call, "amount", MONEY)
    if operation == "rollback":
        decoded["rollbackOf"] = _text(call, "rollbackOf", TRANSACTION_ID)
    return decoded


@hookimpl
def tessera_seamless_encode(tenant, settings, vassalage, operation, answer, headers, body):
    """The answer, signed over the path of the call it answers and its status."""
    status, value = client.answer_status(answer), dict(answer)
    if isinstance(value.get("memberId"), int):
        value["player"] = client.player_reference(tenant, value["memberId"])
    if isinstance(value.get("balance"), str):  # the protocol's balances have two decimals (dong too)
        value["balance"] = client.wire_balance(value["balance"])
    answer_body = json.dumps(value, default=str).encode()
    signed_at = int(time.time())
    signature = sign_wallet_answer(
        settings["secret"], wallet_path(vassalage, operation), status, signed_at, answer_body
    )
    return (
        status,
        {"Content-Type": "application/json", TIMESTAMP_HEADER: str(signed_at), SIGNATURE_HEADER: signature},
        answer_body,
    )


@hookimpl
def tessera_provider_check(tenant, settings):
    """The signed list of vendors, asked outright (not the minute's kept list)."""
    return VendorClient(settings).check("GET", "/api/vendors")


# -- Contract helpers (the kit's game-vendor suite) ------------------------------------------
# They speak for the vendor with the development sandbox (dev/tessera_sandboxes/demo_vendor).


def contract_settings() -> dict:
    from tessera_sandboxes.demo_vendor.local import shared

    return shared().settings()


def contract_wallet_call(settings, tenant, vassalage, operation, call, signed_at=None) -> tuple[dict, bytes]:
    """The ``(headers, body)`` the vendor's game server sends to ``tenant``'s wallet for ``call``
    (the fields decode answers: memberId, token, transactionId, roundId, gameCode, amount,
    rollbackOf, currency), signed at ``signed_at`` (default now)."""
    from tessera_sandboxes.demo_vendor.seamless_client import wallet_request

    fields = {"player": client.player_reference(tenant, call["memberId"])}
    fields |= {key: value for key, value in call.items() if key != "memberId"}
    signed_at = int(time.time() if signed_at is None else signed_at)
    return wallet_request(
        wallet_path(vassalage, operation), settings["operator_id"], settings["secret"], fields, signed_at
    )


def contract_read_answer(settings, tenant, vassalage, operation, call, status, headers, body) -> dict | None:
    """The answer to ``call`` as the vendor's game server reads it: the brand's JSON object, or
    None when it cannot be trusted (not signed for this call and status, stale)."""
    from tessera_sandboxes.demo_vendor.seamless_client import read_answer

    fields = {"transactionId": call.get("transactionId")}
    answer = read_answer(
        settings["secret"], wallet_path(vassalage, operation), fields, status, headers, body, time.time()
    )
    return None if answer.outcome == "lost" else answer.value


def contract_check_settings(outcome: str) -> dict:
    """Settings whose check answers ``outcome`` (the kit's provider-check suite)."""
    from tessera.plugins.kit.suites.provider_check import signed_check_settings

    return signed_check_settings(contract_settings(), outcome, "/demo-vendor")
