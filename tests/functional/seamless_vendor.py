"""What the launch and seamless-wallet tests share: a game-vendor plugin offering a seamless-wallet
vendor (TSV), whose wallet calls and answers are JSON signed with HMAC-SHA256 and a timestamp, and
the transfer-wallet vendor of wallet_vendor.py (TWT); registered in the app's plugin manager and
enabled on both demo brands instead of their own vendors (the accounts.py pattern). With the
games of both vendors in the brands' catalogs, and a vendor's client making signed calls."""

import hashlib
import hmac
import json
import time
from urllib.parse import urlencode

import pytest
from sqlalchemy import select

from apps import registered
from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.tenancy.models import Tenant
from wallet_vendor import UNAVAILABLE, WalletVendor
from wallet_vendor import VENDOR as TRANSFER_VENDOR

PLUGIN = "test-seamless-vendor"
SEAMLESS_VENDOR = "TSV"
SECRETS = {"demo-bd": "bd-seamless-vendor-secret", "demo-ph": "ph-seamless-vendor-secret"}
SIGNATURE, TIMESTAMP = "X-Vendor-Signature", "X-Vendor-Timestamp"
MAX_AGE_SECONDS = 300
# The games each brand offers: (vassalage, gameCode, category).
SLOT, TABLE, PH_SLOT = "TSV-SLOT-1", "TWT-TABLE-1", "TSV-PH-ONLY"
GAMES = {
    "demo-bd": [(SEAMLESS_VENDOR, SLOT, "RNG"), (TRANSFER_VENDOR, TABLE, "LIVE")],
    "demo-ph": [(SEAMLESS_VENDOR, SLOT, "RNG"), (TRANSFER_VENDOR, TABLE, "LIVE"), (SEAMLESS_VENDOR, PH_SLOT, "RNG")],
}


def signature(secret: str, timestamp: str, body: bytes) -> str:
    return hmac.new(secret.encode(), timestamp.encode() + b"." + body, hashlib.sha256).hexdigest()


class SeamlessVendor(WalletVendor):
    """TSV reads the brand's wallet calls signed with the brand's ``secret`` (headers
    X-Vendor-Timestamp, Unix seconds, and X-Vendor-Signature, HMAC-SHA256 of "<timestamp>.<body>")
    and signs its answers the same way: 401 for a forged or stale call, 400 for an unreadable one,
    200 with the wallet's answer otherwise. Launches are kept in ``launches``; ``launch_error``
    makes them fail with that AdapterError code; ``on_launch(player)`` is what the vendor does
    before it answers a launch (authenticate the token at once, as some vendors do);
    ``late_credit_hours``, when set, is the late-win window its protocol documents."""

    def __init__(self):
        super().__init__()
        self.launches: list[dict] = []
        self.launch_error: str | None = None
        self.on_launch = None
        self.late_credit_hours: float | None = None

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        if self.listing_down:
            raise AdapterError(UNAVAILABLE)
        window = {} if self.late_credit_hours is None else {"lateCreditHours": self.late_credit_hours}
        return [
            {
                "vassalage": SEAMLESS_VENDOR,
                "displayName": "Seamless Test Vendor",
                "gameType": "RNG",
                "walletMode": "seamless",
                **window,
            },
            {
                "vassalage": TRANSFER_VENDOR,
                "displayName": "Transfer Wallet Test",
                "gameType": "LIVE",
                "walletMode": "transfer",
            },
        ]

    @hookimpl
    def tessera_game_launch(self, tenant, settings, vassalage, game_code, player, language, device, free_play):
        if vassalage not in (SEAMLESS_VENDOR, TRANSFER_VENDOR):
            return None
        if self.launch_error:
            raise AdapterError(self.launch_error)
        if self.on_launch is not None and player:
            self.on_launch(player)
        self.launches.append(
            {
                "brand": tenant.slug,
                "vassalage": vassalage,
                "gameCode": game_code,
                "player": player,
                "language": language,
                "device": device,
                "freePlay": free_play,
            }
        )
        query = {"game": game_code, "lang": language, "device": device, "mode": "free" if free_play else "real"}
        if player and "launchToken" in player:
            query.update(token=player["launchToken"], wallet=player["walletUrl"])
        return f"https://games.test/{vassalage}/play?{urlencode(query)}"

    @hookimpl
    def tessera_seamless_decode(self, tenant, settings, vassalage, operation, headers, body):
        if vassalage != SEAMLESS_VENDOR:
            return None
        sent = {name.lower(): value for name, value in headers.items()}
        stamp = sent.get(TIMESTAMP.lower(), "")
        if not stamp.isdigit() or abs(time.time() - int(stamp)) > MAX_AGE_SECONDS:
            raise AdapterError("signature_invalid")
        if not hmac.compare_digest(sent.get(SIGNATURE.lower(), ""), signature(settings["secret"], stamp, body)):
            raise AdapterError("signature_invalid")
        try:
            fields = json.loads(body)
        except ValueError:
            raise AdapterError("request_invalid") from None
        if not isinstance(fields, dict):
            raise AdapterError("request_invalid")
        return {**fields, "operation": operation}

    @hookimpl
    def tessera_seamless_encode(self, tenant, settings, vassalage, operation, answer):
        if vassalage != SEAMLESS_VENDOR:
            return None
        body = json.dumps(answer).encode()
        stamp = str(int(time.time()))
        status = {"signature_invalid": 401, "request_invalid": 400}.get(answer.get("code"), 200)
        return (
            status,
            {
                "Content-Type": "application/json",
                TIMESTAMP: stamp,
                SIGNATURE: signature(settings["secret"], stamp, body),
            },
            body,
        )


def enable_seamless_vendor(db, pm, slug: str) -> None:
    """The brand enables the test vendors, ahead of its other plugins, instead of its own vendors."""
    vendors = {pm.get_name(impl.plugin) for impl in pm.hook.tessera_game_vendors.get_hookimpls()} - {PLUGIN}
    tenant = db.scalar(select(Tenant).where(Tenant.slug == slug))
    plugins = {
        name: ({**settings, "enabled": False} if name in vendors else settings)
        for name, settings in tenant.config.get("plugins", {}).items()
    }
    tenant.config = {**tenant.config, "plugins": {PLUGIN: {"secret": SECRETS[slug]}, **plugins}}
    db.flush()


@pytest.fixture
def seamless_vendor(app, db_session):
    plugin = SeamlessVendor()
    with registered(app, plugin, PLUGIN) as pm:
        for slug in SECRETS:
            enable_seamless_vendor(db_session, pm, slug)
        yield plugin


@pytest.fixture
def catalog(games):
    """The brands' catalogs of the test vendors: (slug, gameCode) -> Game."""
    return {
        (slug, code): games(vassalage, code, code.title(), category, brand=slug, rank=rank)
        for slug, offered in GAMES.items()
        for rank, (vassalage, code, category) in enumerate(offered)
    }


@pytest.fixture
def seamless_client(testapp, seamless_vendor, catalog):
    """The seamless vendor's client on demo-bd, with the vendor enabled and its games in the catalogs
    (``vendor`` in the seamless tests; wallet_vendor.py's ``vendor`` is the transfer-wallet vendor)."""
    return VendorClient(testapp)


def game_bet(db_session, round_id: str):
    """The bet a round made, as the database holds it now."""
    from tessera.games.bets.models import GameBet

    return db_session.scalars(
        select(GameBet).where(GameBet.round_id == round_id).execution_options(populate_existing=True)
    ).one()


class VendorClient:
    """The vendor's side: signed calls to a brand's seamless wallet, answers checked for the
    brand's signature. ``status`` is the HTTP status of the last answer."""

    def __init__(self, app, slug: str = "demo-bd", vassalage: str = SEAMLESS_VENDOR):
        self.app, self.slug, self.vassalage = app, slug, vassalage
        self.secret = SECRETS[slug]
        self.status = None

    def send(self, operation: str, body: bytes, headers: dict | None = None) -> dict:
        response = self.app.post(
            f"/vendors/{self.vassalage}/wallet/{operation}",
            body,
            status="*",
            headers={"Content-Type": "application/json", **(headers or {})},
        )
        self.status = response.status_int
        if response.headers.get(SIGNATURE) is not None:
            expected = signature(self.secret, response.headers[TIMESTAMP], response.body)
            assert hmac.compare_digest(response.headers[SIGNATURE], expected), "the answer is not signed by the brand"
        return response.json

    def call(self, operation: str, secret: str | None = None, stamp: int | None = None, **fields) -> dict:
        body = json.dumps(fields).encode()
        timestamp = str(int(time.time()) if stamp is None else stamp)
        headers = {TIMESTAMP: timestamp, SIGNATURE: signature(secret or self.secret, timestamp, body)}
        return self.send(operation, body, headers)

    def authenticate(self, token: str) -> dict:
        return self.call("authenticate", token=token)

    def balance(self, member_id: int) -> dict:
        return self.call("balance", memberId=member_id)

    def debit(self, member_id: int, transaction_id: str, round_id: str, amount, game: str = SLOT, **more) -> dict:
        return self.call(
            "debit",
            memberId=member_id,
            transactionId=transaction_id,
            roundId=round_id,
            gameCode=game,
            amount=amount,
            **more,
        )

    def credit(self, member_id: int, transaction_id: str, round_id: str, amount, game: str = SLOT, **more) -> dict:
        return self.call(
            "credit",
            memberId=member_id,
            transactionId=transaction_id,
            roundId=round_id,
            gameCode=game,
            amount=amount,
            **more,
        )

    def rollback(self, member_id: int, transaction_id: str, rollback_of: str, **more) -> dict:
        return self.call("rollback", memberId=member_id, transactionId=transaction_id, rollbackOf=rollback_of, **more)

    def cancel(self, member_id: int, transaction_id: str, round_id: str, **more) -> dict:
        return self.call("cancel", memberId=member_id, transactionId=transaction_id, roundId=round_id, **more)

    def resettle(self, member_id: int, transaction_id: str, round_id: str, amount, **more) -> dict:
        return self.call(
            "resettle", memberId=member_id, transactionId=transaction_id, roundId=round_id, amount=amount, **more
        )
