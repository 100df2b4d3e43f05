"""The game-vendor contract (``tessera_game_vendors``, ``tessera_vendor_hosts``, ``tessera_game_catalog``,
``tessera_game_launch``, ``tessera_game_rooms``, ``tessera_game_transfer``,
``tessera_game_balance``, ``tessera_game_bet_records``, ``tessera_seamless_decode``,
``tessera_seamless_encode``).

Every installed implementation, and the references below, must pass. An implementation provides
``contract_settings()``: settings under which it offers at least one vendor with games.

A vendor plugin names the hosts a browser loads its vendors' icons and game pages from
(``tessera_vendor_hosts``, from its settings alone): origins, among them the host of every game
page it launches and of every vendor icon it gives, so the brand's pages admit them.

A transfer-wallet vendor's refusals carry the codes the wallet turns into answers for the member:
``vendor_insufficient_funds`` (more out than the vendor balance), ``transfer_conflict`` (a
transfer id replayed with other fields) and ``vendor_unavailable`` (no usable answer).

A seamless-wallet vendor calls the brand's wallet; its plugin reads those calls (decode) and
signs the answers (encode). Its module also provides, speaking for the vendor's game server:
``contract_wallet_call(settings, tenant, vassalage, operation, call, signed_at=None)``, the
``(headers, body)`` the vendor sends for ``call`` (the fields decode must give back: memberId,
token, transactionId, roundId, gameCode, amount, rollbackOf, currency) signed at ``signed_at``
(Unix seconds, default now); and ``contract_read_answer(settings, tenant, vassalage, operation,
call, status, headers, body)``, the answer as the vendor reads it (a dict), or None when the vendor
would not trust it.

A vendor whose bets settle later and get corrected (sportsbooks, cockfight) also calls ``cancel``
(a round voided) and ``resettle`` (a settled round's corrected payout): when its plugin decodes
them, they must decode to their fields like the other calls; a plugin whose vendors never send
them refuses them ``request_invalid`` and the suite skips those cases.
"""

import hashlib
import hmac
import json
import re
import secrets
import time
from decimal import Decimal
from urllib.parse import urlencode

import pytest

from tessera import hookimpl
from tessera.plugins import AdapterError
from tessera.plugins.client import origin
from tessera.plugins.facade import is_origin
from tessera.plugins.kit.contract import Reference, brand

VENDORS, CATALOG, LAUNCH = "tessera_game_vendors", "tessera_game_catalog", "tessera_game_launch"
TRANSFER, BALANCE, BETS = "tessera_game_transfer", "tessera_game_balance", "tessera_game_bet_records"
ROOMS, DECODE, ENCODE = "tessera_game_rooms", "tessera_seamless_decode", "tessera_seamless_encode"
HOSTS = "tessera_vendor_hosts"
CENT = Decimal("0.01")


class LedgerVendor(Reference):
    """A conforming vendor: one vendor per settings table, a transfer wallet per merchant and player."""

    def __init__(self):
        super().__init__()
        self.wallets: dict[tuple, Decimal] = {}
        self.transfers: dict[tuple, tuple] = {}  # (merchant, transfer id) -> (request, balance after)

    @staticmethod
    def _mine(settings, vassalage) -> bool:
        return vassalage == settings["vassalage"]

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        self.record(tenant, VENDORS, settings)
        return [
            {
                "vassalage": settings["vassalage"],
                "displayName": settings["name"],
                "gameType": "RNG",
                "walletMode": settings["wallet_mode"],
                "isHot": True,
            }
        ]

    @hookimpl
    def tessera_vendor_hosts(self, tenant, settings):
        self.record(tenant, HOSTS, settings)
        return {"images": ["https://games.example"], "games": ["https://games.example"]}

    @hookimpl
    def tessera_game_catalog(self, tenant, settings, vassalage):
        self.record(tenant, CATALOG, settings)
        if not self._mine(settings, vassalage):
            return None
        return [
            {
                "gameCode": code,
                "displayName": code.title(),
                "gameType": "RNG",
                "icons": {},
                "minBet": "0.10",
                "lines": 25,
                "classify": "SC",
                "hot": code == "lucky",
            }
            for code in ("lucky", "dragon")
        ]

    @hookimpl
    def tessera_game_launch(self, tenant, settings, vassalage, game_code, player, language, device, free_play):
        self.record(tenant, LAUNCH, settings)
        if not self._mine(settings, vassalage):
            return None
        query = {
            "merchant": settings["merchant"],
            "player": player["username"] if player else "",
            "lang": language,
            "device": device,
            "demo": int(free_play or player is None),
        }
        return f"https://games.example/{vassalage}/{game_code}?{urlencode(query)}"

    @hookimpl
    def tessera_game_transfer(self, tenant, settings, vassalage, player, amount, direction, transfer_id):
        self.record(tenant, TRANSFER, settings)
        if not self._mine(settings, vassalage):
            return None
        request = (vassalage, player["id"], Decimal(amount), direction)
        done = self.transfers.get((settings["merchant"], transfer_id))
        if done is not None:
            if done[0] != request:
                raise AdapterError("transfer_conflict")
            return done[1]
        if Decimal(amount) <= 0:
            raise ValueError(f"the core sends positive amounts: {amount!r}")
        wallet = (settings["merchant"], vassalage, player["id"])
        change = Decimal(amount) if direction == "in" else -Decimal(amount)
        if self.wallets.get(wallet, Decimal(0)) + change < 0:
            raise AdapterError("vendor_insufficient_funds")
        self.wallets[wallet] = self.wallets.get(wallet, Decimal(0)) + change
        balance = str(self.wallets[wallet].quantize(CENT))
        self.transfers[(settings["merchant"], transfer_id)] = (request, balance)
        return balance

    @hookimpl
    def tessera_game_balance(self, tenant, settings, vassalage, player):
        self.record(tenant, BALANCE, settings)
        if not self._mine(settings, vassalage):
            return None
        return str(self.wallets.get((settings["merchant"], vassalage, player["id"]), Decimal(0)).quantize(CENT))

    @hookimpl
    def tessera_game_bet_records(self, tenant, settings, vassalage, cursor):
        self.record(tenant, BETS, settings)
        if not self._mine(settings, vassalage):
            return None
        return {"records": [], "cursor": cursor or "0"}

    def contract_settings(self) -> dict:
        return {
            "merchant": secrets.token_hex(4),
            "vassalage": "REFSLOT",
            "name": "Reference Slots",
            "wallet_mode": "transfer",
        }


class SignedSeamlessVendor(LedgerVendor):
    """A conforming seamless-wallet vendor: its game server signs each wallet call with the brand's
    secret (``X-Ref-Time`` and ``X-Ref-Signature``, an HMAC of the vendor, operation, time and
    body) and checks the same on the wallet's answers, with their status."""

    WINDOW = 300

    @hookimpl
    def tessera_game_vendors(self, tenant, settings):
        self.record(tenant, VENDORS, settings)
        return [
            {
                "vassalage": settings["vassalage"],
                "displayName": settings["name"],
                "gameType": "LIVE",
                "walletMode": "seamless",
                "smallIcon": "https://games.example/logo.svg",
                "accountTypeId": 9,
            }
        ]

    @hookimpl
    def tessera_game_launch(self, tenant, settings, vassalage, game_code, player, language, device, free_play):
        self.record(tenant, LAUNCH, settings)
        if not self._mine(settings, vassalage):
            return None
        if free_play or player is None:
            return f"https://games.example/{vassalage}/{game_code}?demo=1&lang={language}"
        query = {"token": player["launchToken"], "wallet": player["walletUrl"], "lang": language, "device": device}
        return f"https://games.example/{vassalage}/{game_code}?{urlencode(query)}"

    @hookimpl
    def tessera_game_rooms(self, tenant, settings, vassalage):
        self.record(tenant, ROOMS, settings)
        if not self._mine(settings, vassalage):
            return None
        return [
            {
                "roomId": "t1",
                "gameCode": "lucky",
                "name": "Table 1",
                "dealer": "Ana",
                "minBet": "1.00",
                "maxBet": "500.00",
                "players": 3,
                "status": "open",
            }
        ]

    @staticmethod
    def _mac(secret: str, *parts) -> str:
        text = "\n".join(part.decode() if isinstance(part, bytes) else str(part) for part in parts)
        return hmac.new(secret.encode(), text.encode(), hashlib.sha256).hexdigest()

    @hookimpl
    def tessera_seamless_decode(self, tenant, settings, vassalage, operation, headers, body):
        self.record(tenant, DECODE, settings)
        if not self._mine(settings, vassalage):
            return None
        signed_at, signature = headers.get("X-Ref-Time", ""), headers.get("X-Ref-Signature", "")
        expected = self._mac(settings["secret"], vassalage, operation, signed_at, body)
        if not (
            signed_at.isdigit()
            and abs(int(signed_at) - time.time()) <= self.WINDOW
            and hmac.compare_digest(expected, signature)
        ):
            raise AdapterError("signature_invalid")
        try:
            call = json.loads(body)
        except ValueError:
            raise AdapterError("request_invalid") from None
        if not isinstance(call, dict) or not isinstance(call.get("member"), int):
            raise AdapterError("request_invalid")
        return {"operation": operation, "memberId": call.pop("member"), **call}

    @hookimpl
    def tessera_seamless_encode(self, tenant, settings, vassalage, operation, answer, headers, body):
        self.record(tenant, ENCODE, settings)
        if not self._mine(settings, vassalage):
            return None
        status = 401 if answer.get("code") == "signature_invalid" else 200
        body, signed_at = json.dumps(answer).encode(), str(int(time.time()))
        signature = self._mac(settings["secret"], "answer", vassalage, operation, status, signed_at, body)
        return status, {"X-Ref-Time": signed_at, "X-Ref-Signature": signature}, body

    def contract_settings(self) -> dict:
        return {
            **super().contract_settings(),
            "vassalage": "REFLIVE",
            "name": "Reference Live",
            "wallet_mode": "seamless",
            "secret": secrets.token_hex(16),
        }

    def contract_wallet_call(self, settings, tenant, vassalage, operation, call, signed_at=None):
        fields = {"member": call["memberId"], **{k: v for k, v in call.items() if k != "memberId"}}
        body, signed_at = json.dumps(fields).encode(), str(int(time.time() if signed_at is None else signed_at))
        return {
            "X-Ref-Time": signed_at,
            "X-Ref-Signature": self._mac(settings["secret"], vassalage, operation, signed_at, body),
        }, body

    def contract_read_answer(self, settings, tenant, vassalage, operation, call, status, headers, body):
        signed_at = headers.get("X-Ref-Time", "")
        expected = self._mac(settings["secret"], "answer", vassalage, operation, status, signed_at, body)
        if not (
            signed_at.isdigit()
            and abs(int(signed_at) - time.time()) <= self.WINDOW
            and hmac.compare_digest(expected, headers.get("X-Ref-Signature", ""))
        ):
            return None
        return json.loads(body)


PLAYER = {"id": 7, "username": "player7", "currency": "BDT"}


def player_for(vassalage: str) -> dict:
    """The player a launch gives a vendor: with the launch token and wallet address a seamless vendor needs."""
    return {
        **PLAYER,
        "launchToken": secrets.token_urlsafe(32),
        "walletUrl": f"http://contract-brand.localhost:6543/vendors/{vassalage}/wallet",
    }


def vendors(adapter, settings) -> list[dict]:
    return adapter.call(VENDORS, settings)


def transfer_vendor(adapter, settings) -> str:
    found = [v["vassalage"] for v in vendors(adapter, settings) if v["walletMode"] == "transfer"]
    if not found:
        pytest.skip(f"{adapter.name} offers no transfer-wallet vendor")
    return found[0]


CALLS = {
    "authenticate": {"memberId": 7, "token": "launch-token-of-member-7", "currency": "BDT"},
    "balance": {"memberId": 7, "currency": "BDT"},
    "debit": {
        "memberId": 7,
        "transactionId": "t-1",
        "roundId": "r-1",
        "gameCode": "lucky",
        "amount": "2.50",
        "currency": "BDT",
    },
    "credit": {
        "memberId": 7,
        "transactionId": "t-2",
        "roundId": "r-1",
        "gameCode": "lucky",
        "amount": "0.00",
        "currency": "BDT",
    },
    "rollback": {"memberId": 7, "transactionId": "t-3", "roundId": "r-1", "rollbackOf": "t-1", "currency": "BDT"},
}
# The calls of bets that settle later and get corrected, for vendors that send them.
CORRECTIONS = {
    "cancel": {"memberId": 7, "transactionId": "t-4", "roundId": "r-1", "currency": "BDT"},
    "resettle": {"memberId": 7, "transactionId": "t-5", "roundId": "r-1", "amount": "12.40", "currency": "BDT"},
}


ANSWERS = [
    {"ok": True, "balance": "97.50", "currency": "BDT", "transactionId": "t-1"},
    {"ok": False, "code": "insufficient_funds", "balance": "1.00"},
    {"ok": False, "code": "transaction_conflict"},
    {"ok": False, "code": "round_unknown", "balance": "97.50"},
    {"ok": False, "code": "round_closed", "balance": "97.50"},
    {"ok": False, "code": "round_open", "balance": "97.50"},
    {"ok": False, "code": "round_cancelled", "balance": "97.50"},
    {"ok": False, "code": "signature_invalid"},
]


def seamless_vendor(adapter, settings) -> str:
    found = [v["vassalage"] for v in vendors(adapter, settings) if v["walletMode"] == "seamless"]
    if not found:
        pytest.skip(f"{adapter.name} offers no seamless-wallet vendor")
    return found[0]


def wallet_call(adapter, settings, vassalage, operation, call, signed_at=None):
    tenant = brand({adapter.name: settings})  # the brand adapter.call speaks for
    return adapter.helper("contract_wallet_call")(settings, tenant, vassalage, operation, call, signed_at)


def decode(adapter, settings, vassalage, operation, headers, body):
    return adapter.call(DECODE, settings, vassalage=vassalage, operation=operation, headers=headers, body=body)


class GameVendorContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = VENDORS

    @staticmethod
    def references() -> dict:
        return {"reference": LedgerVendor(), "seamless_reference": SignedSeamlessVendor()}

    def test_vendors_are_described(self, adapter):
        offered = vendors(adapter, adapter.helper("contract_settings")())
        assert offered and len({v["vassalage"] for v in offered}) == len(offered)
        for vendor in offered:
            assert {"vassalage", "displayName", "gameType", "walletMode"} <= set(vendor)
            assert vendor["walletMode"] in {"seamless", "transfer"}
            assert isinstance(vendor.get("isHot", False), bool)
            assert vendor.get("smallIcon") is None or isinstance(vendor["smallIcon"], str)
            window = vendor.get("lateCreditHours")
            assert window is None or (
                vendor["walletMode"] == "seamless" and type(window) in (int, float) and window > 0
            )

    def test_the_hosts_its_pages_load_from_are_named_as_origins(self, adapter):
        settings = adapter.helper("contract_settings")()
        assert adapter.name in adapter.for_brand(settings).implementing(HOSTS), (
            f"{adapter.name} does not say its hosts (tessera_vendor_hosts): the brand's pages would refuse its games"
        )
        hosts = adapter.call(HOSTS, settings)
        assert isinstance(hosts, dict) and set(hosts) == {"images", "games"}, hosts
        for kind in ("images", "games"):
            assert isinstance(hosts[kind], list) and hosts[kind], f"no {kind} hosts: {hosts}"
            assert all(is_origin(url) for url in hosts[kind]), f"{kind}: not origins (scheme://host[:port]): {hosts}"
        for vendor in vendors(adapter, settings):
            icon = vendor.get("smallIcon")
            if icon and re.match(r"^https?://", icon):
                assert origin(icon) in hosts["images"], f"{vendor['vassalage']}'s icon {icon} is on no images host"

    @pytest.mark.parametrize("free_play", [False, True])
    def test_a_launched_game_is_on_one_of_its_game_hosts(self, adapter, free_play):
        settings = adapter.helper("contract_settings")()
        vassalage = vendors(adapter, settings)[0]["vassalage"]
        game = next(iter(adapter.call(CATALOG, settings, vassalage=vassalage)))
        player = None if free_play else player_for(vassalage)
        url = adapter.call(
            LAUNCH,
            settings,
            vassalage=vassalage,
            game_code=game["gameCode"],
            player=player,
            language="en",
            device="WEB",
            free_play=free_play,
        )
        assert origin(url) in adapter.call(HOSTS, settings)["games"], url

    def test_each_vendor_has_a_catalog_of_games(self, adapter):
        settings = adapter.helper("contract_settings")()
        for vendor in vendors(adapter, settings):
            games = list(adapter.call(CATALOG, settings, vassalage=vendor["vassalage"]))
            assert games and len({g["gameCode"] for g in games}) == len(games)
            assert all({"gameCode", "displayName", "gameType"} <= set(game) for game in games)

    @pytest.mark.parametrize("free_play", [False, True])
    def test_a_game_launches_at_a_url(self, adapter, free_play):
        settings = adapter.helper("contract_settings")()
        vassalage = vendors(adapter, settings)[0]["vassalage"]
        game = next(iter(adapter.call(CATALOG, settings, vassalage=vassalage)))
        url = adapter.call(
            LAUNCH,
            settings,
            vassalage=vassalage,
            game_code=game["gameCode"],
            player=player_for(vassalage),
            language="bn",
            device="WEB",
            free_play=free_play,
        )
        assert isinstance(url, str) and re.match(r"^https?://\S+$", url)

    def test_a_visitor_launches_free_play(self, adapter):
        settings = adapter.helper("contract_settings")()
        vassalage = vendors(adapter, settings)[0]["vassalage"]
        game = next(iter(adapter.call(CATALOG, settings, vassalage=vassalage)))
        url = adapter.call(
            LAUNCH,
            settings,
            vassalage=vassalage,
            game_code=game["gameCode"],
            player=None,
            language="en",
            device="MOBILE",
            free_play=True,
        )
        assert isinstance(url, str) and re.match(r"^https?://\S+$", url)

    def test_a_vendor_of_someone_else_reaches_no_plugin(self, adapter):
        """The core asks a vendor's hooks only of the plugin offering it, so a plugin never checks
        whether a vendor is its own: a vendor nobody offers is None without asking anyone."""
        plugins = adapter.for_brand(adapter.helper("contract_settings")())
        assert [
            plugins.game_catalog("NO-SUCH-VENDOR"),
            plugins.game_launch("NO-SUCH-VENDOR", "x", PLAYER, "en", "WEB", False),
            plugins.game_transfer("NO-SUCH-VENDOR", PLAYER, "1.00", "in", "t"),
            plugins.game_balance("NO-SUCH-VENDOR", PLAYER),
            plugins.game_bet_records("NO-SUCH-VENDOR", None),
            plugins.seamless_decode("NO-SUCH-VENDOR", "debit", {}, b"{}"),
            plugins.seamless_encode(
                "NO-SUCH-VENDOR", "debit", {"ok": True, "balance": "1.00", "currency": "BDT"}, {}, b"{}"
            ),
        ] == [None] * 7
        assert plugins.game_rooms("NO-SUCH-VENDOR") == []

    def test_transfers_move_money_and_replays_change_nothing(self, adapter):
        settings = adapter.helper("contract_settings")()
        vassalage = transfer_vendor(adapter, settings)

        def move(amount, direction, transfer_id) -> Decimal:
            return Decimal(
                adapter.call(
                    TRANSFER,
                    settings,
                    vassalage=vassalage,
                    player=PLAYER,
                    amount=amount,
                    direction=direction,
                    transfer_id=transfer_id,
                )
            )

        assert move("100.00", "in", "t-1") == Decimal("100")
        assert move("100.00", "in", "t-1") == Decimal("100")  # a replay returns the first result
        assert move("40.50", "out", "t-2") == Decimal("59.50")
        assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("59.50")

    def test_a_replay_with_other_fields_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        vassalage = transfer_vendor(adapter, settings)
        adapter.call(
            TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount="10.00", direction="in", transfer_id="t-9"
        )
        for amount, direction in (("99.00", "in"), ("10.00", "out")):
            with pytest.raises(AdapterError) as refused:
                adapter.call(
                    TRANSFER,
                    settings,
                    vassalage=vassalage,
                    player=PLAYER,
                    amount=amount,
                    direction=direction,
                    transfer_id="t-9",
                )
            assert refused.value.code == "transfer_conflict"
        assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("10")

    def test_more_out_than_the_balance_is_refused(self, adapter):
        settings = adapter.helper("contract_settings")()
        vassalage = transfer_vendor(adapter, settings)
        adapter.call(
            TRANSFER, settings, vassalage=vassalage, player=PLAYER, amount="5.00", direction="in", transfer_id="t-1"
        )
        with pytest.raises(AdapterError) as refused:
            adapter.call(
                TRANSFER,
                settings,
                vassalage=vassalage,
                player=PLAYER,
                amount="5.01",
                direction="out",
                transfer_id="t-2",
            )
        assert refused.value.code == "vendor_insufficient_funds"
        assert Decimal(adapter.call(BALANCE, settings, vassalage=vassalage, player=PLAYER)) == Decimal("5")

    def test_bet_records_come_in_pages_after_a_cursor(self, adapter):
        """Pages of dicts, each with the cursor the next starts from; past the last, nothing new and
        the same cursor."""
        settings = adapter.helper("contract_settings")()
        vassalage = transfer_vendor(adapter, settings)
        cursor, pages = None, 0
        while True:
            answer = adapter.call(BETS, settings, vassalage=vassalage, cursor=cursor)
            assert isinstance(answer, dict) and isinstance(answer["cursor"], str) and 0 < len(answer["cursor"]) <= 255
            assert all(isinstance(record, dict) for record in answer["records"])
            if not answer["records"]:
                break
            cursor, pages = answer["cursor"], pages + 1
            assert pages < 1000
        assert adapter.call(BETS, settings, vassalage=vassalage, cursor=answer["cursor"]) == {
            "records": [],
            "cursor": answer["cursor"],
        }

    def test_rooms_are_tables(self, adapter):
        if not hasattr(adapter.plugin, ROOMS):
            pytest.skip(f"{adapter.name} has no live tables")
        settings = adapter.helper("contract_settings")()
        for vendor in vendors(adapter, settings):
            for room in adapter.call(ROOMS, settings, vassalage=vendor["vassalage"]):
                assert {"roomId", "gameCode", "name", "dealer", "minBet", "maxBet", "players", "status"} <= set(room)
                assert Decimal(room["minBet"]) <= Decimal(room["maxBet"]) and room["status"] in ("open", "closed")
                assert isinstance(room["players"], int) and room["players"] >= 0

    @pytest.mark.parametrize("operation", CALLS)
    def test_a_signed_wallet_call_decodes_to_its_fields(self, adapter, operation):
        settings = adapter.helper("contract_settings")()
        vassalage = seamless_vendor(adapter, settings)
        headers, body = wallet_call(adapter, settings, vassalage, operation, CALLS[operation])
        decoded = decode(adapter, settings, vassalage, operation, headers, body)
        assert decoded["operation"] == operation
        assert {key: decoded.get(key) for key in CALLS[operation]} == CALLS[operation]

    @pytest.mark.parametrize("operation", CORRECTIONS)
    def test_a_signed_correction_decodes_to_its_fields(self, adapter, operation):
        settings = adapter.helper("contract_settings")()
        vassalage = seamless_vendor(adapter, settings)
        headers, body = wallet_call(adapter, settings, vassalage, operation, CORRECTIONS[operation])
        try:
            decoded = decode(adapter, settings, vassalage, operation, headers, body)
        except AdapterError as refused:
            if refused.code != "request_invalid":
                raise
            pytest.skip(f"{adapter.name}'s vendors do not send {operation}")
        assert decoded["operation"] == operation
        assert {key: decoded.get(key) for key in CORRECTIONS[operation]} == CORRECTIONS[operation]

    @pytest.mark.parametrize(
        "forgery", ["changed-after-signing", "stale", "another-brands-secret", "another-operation", "another-vendor"]
    )
    def test_a_forged_or_stale_wallet_call_is_signature_invalid(self, adapter, forgery):
        settings, other = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        vassalage = seamless_vendor(adapter, settings)
        debit, operation = CALLS["debit"], "debit"
        headers, body = wallet_call(
            adapter, settings, vassalage, "debit", debit, signed_at=time.time() - 3600 if forgery == "stale" else None
        )
        if forgery == "changed-after-signing":
            body = wallet_call(adapter, settings, vassalage, "debit", {**debit, "amount": "2500.00"})[1]
        elif forgery == "another-brands-secret":
            headers, body = wallet_call(adapter, other, vassalage, "debit", debit)
        elif forgery == "another-operation":
            operation = "credit"
        elif forgery == "another-vendor":
            headers, body = wallet_call(adapter, settings, "OTHER" + vassalage, "debit", debit)
        with pytest.raises(AdapterError) as refused:
            decode(adapter, settings, vassalage, operation, headers, body)
        assert refused.value.code == "signature_invalid"

    @pytest.mark.parametrize("answer", ANSWERS, ids=lambda answer: answer.get("code", "ok"))
    def test_an_encoded_answer_is_signed_for_the_vendor(self, adapter, answer):
        settings, other = adapter.helper("contract_settings")(), adapter.helper("contract_settings")()
        vassalage = seamless_vendor(adapter, settings)
        call_headers, call_body = wallet_call(adapter, settings, vassalage, "debit", CALLS["debit"])
        status, headers, body = adapter.call(
            ENCODE,
            settings,
            vassalage=vassalage,
            operation="debit",
            answer=answer,
            headers=call_headers,
            body=call_body,
        )
        assert isinstance(status, int) and isinstance(body, bytes)
        assert all(isinstance(k, str) and isinstance(v, str) for k, v in headers.items())
        read = adapter.helper("contract_read_answer")
        tenant = brand({adapter.name: settings})
        understood = read(settings, tenant, vassalage, "debit", CALLS["debit"], status, headers, body)
        assert understood is not None and {key: understood.get(key) for key in answer} == answer
        assert read(settings, tenant, vassalage, "debit", CALLS["debit"], status, headers, body + b" ") is None
        assert read(other, tenant, vassalage, "debit", CALLS["debit"], status, headers, body) is None
