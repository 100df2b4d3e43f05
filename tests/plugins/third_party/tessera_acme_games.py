"""Acme Games: one seamless-wallet vendor whose calls and answers are signed with Tessera's scheme."""

import json
import secrets

from tessera import hookimpl
from tessera.plugins import AdapterError, client

SETTINGS_SCHEMA = client.settings_schema(**client.HOST_SETTINGS)


def _path(vassalage, operation):
    return f"/vendors/{vassalage}/wallet/{operation}"


@hookimpl
def tessera_game_vendors(tenant, settings):
    return [{"vassalage": "ACME", "displayName": "Acme Games", "gameType": "RNG", "walletMode": "seamless"}]


@hookimpl
def tessera_vendor_hosts(tenant, settings):
    return client.vendor_hosts(settings)  # base_url's origin serves the game pages


@hookimpl
def tessera_game_catalog(tenant, settings, vassalage):
    return [{"gameCode": "acme-fruit", "displayName": "Acme Fruit", "gameType": "RNG"}]


@hookimpl
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    real = {} if free_play or player is None else {"player": client.player_reference(tenant, player["id"])}
    return client.SignedClient(settings).signed_url("/play", {"game": game_code, "lang": language, **real})


@hookimpl
def tessera_seamless_decode(tenant, settings, vassalage, operation, headers, body):
    if not client.verified(settings, headers, "POST", _path(vassalage, operation), "", body):
        raise AdapterError("signature_invalid")
    call = json.loads(body)
    return {**call, "operation": operation, "memberId": client.member_of(tenant, call.get("player"))}


@hookimpl
def tessera_seamless_encode(tenant, settings, vassalage, operation, answer, headers, body):
    status, text = client.answer_status(answer), json.dumps(answer).encode()
    return status, client.signed_headers(settings, "ANSWER", _path(vassalage, operation), str(status), text), text


def contract_settings():
    return {"base_url": "https://games.acme.example", "operator_id": "acme", "secret": secrets.token_hex(16)}


def contract_wallet_call(settings, tenant, vassalage, operation, call, signed_at=None):
    body = json.dumps({**call, "player": client.player_reference(tenant, call["memberId"])}).encode()
    return client.signed_headers(settings, "POST", _path(vassalage, operation), "", body, at=signed_at), body


def contract_read_answer(settings, tenant, vassalage, operation, call, status, headers, body):
    trusted = client.verified(settings, headers, "ANSWER", _path(vassalage, operation), str(status), body)
    return json.loads(body) if trusted else None
