"""The demo vendor plugin (``demo-vendor``) and its server's catalog, icons, tables and signed API:
what the lobby gets from it, and the seamless wallet's signatures both ways. The spins are in
test_demo_vendor_play.py; the game-vendor contract (test_game_vendor.py) runs it too."""

import hashlib
import json
import time
import xml.etree.ElementTree as ElementTree
from collections import Counter
from urllib.error import HTTPError
from urllib.request import Request, urlopen

import jsonschema
import pytest
import webtest
from tessera_sandboxes.demo_vendor import catalog, icons, rooms
from tessera_sandboxes.demo_vendor.local import DemoVendorServer

from tessera.core.money import Money
from tessera.games.vendors import category, decimal_minor
from tessera.plugins import AdapterError, TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand, reference_manager
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins import demo_vendor
from tessera_plugins.demo_vendor import api as client
from tessera_plugins.demo_vendor.protocol import (
    OPERATOR_HEADER,
    SIGNATURE_HEADER,
    TIMESTAMP_HEADER,
    sign_request,
    sign_wallet_answer,
    wallet_path,
)

VENDORS, CATALOG, LAUNCH = "tessera_game_vendors", "tessera_game_catalog", "tessera_game_launch"
ROOMS, DECODE, ENCODE = "tessera_game_rooms", "tessera_seamless_decode", "tessera_seamless_encode"
SVG = "{http://www.w3.org/2000/svg}svg"
ALL_GAMES = [game for games in catalog.games_by_vendor().values() for game in games]


@pytest.fixture
def vendor():
    server = DemoVendorServer()
    yield server
    server.close()


@pytest.fixture
def settings(vendor):
    client.forget_vendors()
    yield vendor.settings(timeout_seconds=5)  # a whole catalog on a loaded machine; no test here waits it out
    client.forget_vendors()


def plugins(settings, slug="demo-bd") -> TenantPlugins:
    return TenantPlugins(reference_manager(**{"demo-vendor": demo_vendor}), brand({"demo-vendor": settings}, slug))


def refusal(call, *args, **kwargs) -> AdapterError:
    with pytest.raises(AdapterError) as refused:
        call(*args, **kwargs)
    return refused.value


def test_the_plugin_is_installed_under_its_name():
    assert plugin_manager().get_plugin("demo-vendor") is demo_vendor, (
        "setup.py names it in the entry-point group 'tessera'; reinstall with .venv/bin/pip install -e ."
    )


# -- The catalog ----------------------------------------------------------------------------


def test_the_catalog_holds_ten_thousand_games_over_fifteen_vendors():
    assert len(ALL_GAMES) >= 10_000 and len(catalog.VENDORS) >= 15
    assert len({game.code for game in ALL_GAMES}) == len(ALL_GAMES)
    assert all(len(game.code) <= 64 and len(game.name) <= 128 for game in ALL_GAMES)


def test_every_game_type_lane_and_slot_class_is_covered():
    lanes = Counter(category({"vassalage": v.code, "gameType": v.game_type}) for v in catalog.VENDORS)
    assert {"RNG", "LIVE", "FISH", "PVP", "SPORTS", "ESPORTS", "COCKFIGHT"} <= set(lanes)
    assert lanes["RNG"] >= 3 and lanes["ESPORTS"] >= 2 and lanes["COCKFIGHT"] >= 2
    assert {v.code for v in catalog.VENDORS if v.game_type == "SPORTS"} >= {"AV", "IMES", "TF", "DS88", "WS168", "SV3"}
    classes = Counter(game.classify for game in ALL_GAMES if game.game_type == "RNG")
    assert set(classes) == {"SC", "VP", "TG", "AC", "JP", "BG"}
    assert {game.vendor for game in ALL_GAMES if game.classify == "BG"} == {"TY"}
    assert all(game.classify is None for game in ALL_GAMES if game.game_type != "RNG")


def test_min_bets_lines_and_hot_games():
    assert {game.min_bet for game in ALL_GAMES} == {"0.01", "0.05", "0.10", "0.50", "0.75", "1.00"}
    slots = [game for game in ALL_GAMES if game.game_type == "RNG"]
    assert all(game.lines >= 25 for game in slots) and all(g.lines is None for g in ALL_GAMES if g.game_type != "RNG")
    for vendor in catalog.VENDORS:
        hot = sum(game.hot for game in catalog.games_by_vendor()[vendor.code])
        assert 1 <= hot <= 6, vendor.code


def test_the_catalog_is_the_same_on_every_run():
    # Codes are what brands keep (favourites, bets): a change here must be deliberate.
    digest = hashlib.sha256(
        "\n".join(f"{g.code}|{g.name}|{g.classify}|{g.min_bet}|{g.lines}|{g.hot}" for g in ALL_GAMES).encode()
    ).hexdigest()
    again = [game for vendor in catalog.VENDORS for game in catalog._games(vendor)]
    assert again == ALL_GAMES
    assert digest == CATALOG_DIGEST


CATALOG_DIGEST = "c14fbe08a01eaea9d62e0cc6647b18b9174b67027c7cbcb9a9dc53b8633f057b"


def test_names_come_from_the_word_lists():
    tiger = [game for game in ALL_GAMES if game.game_type == "RNG" and "Tiger" in game.name]
    assert tiger and all(game.name.split()[0] in catalog.ADJECTIVES for game in tiger)
    assert {game.name.split()[-1] for game in ALL_GAMES if game.classify == "BG"} == {"Bingo"}


# -- Icons ----------------------------------------------------------------------------------


def test_every_icon_is_valid_svg():
    for vendor in catalog.VENDORS:
        root = ElementTree.fromstring(icons.vendor_logo(vendor))
        assert root.tag == SVG and root.get("viewBox") == "0 0 240 96"
        assert vendor.code in "".join(root.itertext())
    for game in ALL_GAMES:
        root = ElementTree.fromstring(icons.game_icon(game))
        assert root.tag == SVG and root.find("{http://www.w3.org/2000/svg}title").text == game.name


def test_icons_differ_between_games_and_never_change():
    first, second = ALL_GAMES[0], ALL_GAMES[1]
    assert icons.game_icon(first) == icons.game_icon(first) != icons.game_icon(second)
    assert icons.initials("Casino Hold'em A") == "CH" and icons.initials("Tuk Tuk") == "TT"


def test_icons_are_served_with_caching_headers():
    app = webtest.TestApp(catalog_app())
    answer = app.get(f"/icons/games/{ALL_GAMES[0].code}.svg")
    assert answer.content_type == "image/svg+xml" and "immutable" in answer.headers["Cache-Control"]
    assert answer.headers["ETag"]
    app.get(f"/icons/games/{ALL_GAMES[0].code}.svg", headers={"If-None-Match": answer.headers["ETag"]}, status=304)
    assert app.get("/icons/vendors/TY.svg").text.startswith("<svg")
    app.get("/icons/games/no-such-game.svg", status=404)
    app.get("/icons/vendors/NOPE.svg", status=404)


def catalog_app():
    from tessera_sandboxes.demo_vendor.server import make_app

    return make_app({}, retry_interval=None)


def test_a_slots_paytable_is_published():
    slot = next(game for game in ALL_GAMES if game.game_type == "RNG")
    table = webtest.TestApp(catalog_app()).get(f"/games/{slot.code}/paytable.json").json
    assert table["gameCode"] == slot.code and len(table["lines"]) == slot.lines and float(table["rtp"]) > 80


# -- The plugin against the vendor ----------------------------------------------------------


def test_vendors_are_seamless_with_icons_account_types_and_the_late_credit_window(settings, vendor):
    offered = plugins(settings).call("demo-vendor", VENDORS)
    assert [v["vassalage"] for v in offered] == [v.code for v in catalog.VENDORS]
    ty = next(v for v in offered if v["vassalage"] == "TY")
    assert ty == {
        "vassalage": "TY",
        "displayName": "Tyche Gaming",
        "gameType": "RNG",
        "walletMode": "seamless",
        "isHot": True,
        "smallIcon": f"{vendor.base_url}/icons/vendors/TY.svg",
        "accountTypeId": 1001,
        "lateCreditHours": 24,
    }
    lanes = {v["vassalage"]: category(v) for v in offered}
    assert lanes["AV"] == "ESPORTS" and lanes["DS88"] == "COCKFIGHT" and lanes["SBK"] == "SPORTS"


def test_the_vendors_setting_narrows_what_the_brand_offers(settings):
    narrowed = {**settings, "vendors": ["TY", "VLC"]}
    assert [v["vassalage"] for v in plugins(narrowed).call("demo-vendor", VENDORS)] == ["TY", "VLC"]
    assert plugins(narrowed).game_catalog("LUMA") is None  # the core asks no plugin for a vendor not offered


def test_the_catalog_hook_gives_every_game(settings):
    total = 0
    for vendor in catalog.VENDORS:
        games = plugins(settings).call("demo-vendor", CATALOG, vassalage=vendor.code)
        total += len(games)
        assert all(g["icon"].endswith(f"/icons/games/{g['gameCode']}.svg") for g in games)
    assert total == len(ALL_GAMES)
    first = plugins(settings).call("demo-vendor", CATALOG, vassalage="TY")[0]
    game = catalog.games_by_vendor()["TY"][0]
    assert first | {"icon": None, "icons": None} == {
        "gameCode": game.code,
        "displayName": game.name,
        "gameType": "RNG",
        "classify": game.classify,
        "minBet": game.min_bet,
        "lines": game.lines,
        "hot": game.hot,
        "rank": 1,
        "icon": None,
        "icons": None,
    }


def test_a_dong_brand_gets_every_game_with_limits_it_can_write(settings):
    """The vendor quotes dong in thousands: every game's least bet and every table's limits are
    whole dong the brand's wallet takes, so no game is refused at the sync."""
    dong = TenantPlugins(
        reference_manager(**{"demo-vendor": demo_vendor}), brand({"demo-vendor": settings}, "demo-vn", currency="VND")
    )
    money = Money.of("VND")
    for vendor in catalog.VENDORS:
        for game, quoted in zip(
            catalog.games_by_vendor()[vendor.code],
            dong.call("demo-vendor", CATALOG, vassalage=vendor.code),
            strict=True,
        ):
            assert decimal_minor(quoted["minBet"], money) == decimal_minor(game.min_bet, Money.of("USD")) * 10
    table = dong.call("demo-vendor", ROOMS, vassalage="VLC")[0]
    assert decimal_minor(table["minBet"], money) >= 1000 and decimal_minor(table["maxBet"], money) >= 2_000_000


def test_the_vendor_list_is_kept_a_while(settings, vendor):
    assert plugins(settings).call("demo-vendor", VENDORS)
    vendor.close()
    assert len(plugins(settings).call("demo-vendor", VENDORS)) == len(catalog.VENDORS)  # from the cache
    client._vendors_cache.clear()
    assert len(plugins(settings).call("demo-vendor", VENDORS)) == len(catalog.VENDORS)  # the last list known
    assert refusal(plugins(settings).call, "demo-vendor", CATALOG, vassalage="TY").code == "vendor_unavailable"


def test_an_unreachable_vendor_is_vendor_unavailable():
    client.forget_vendors()
    settings = {
        "base_url": f"http://127.0.0.1:{closed_port()}/demo-vendor",
        "operator_id": "x",
        "secret": "s",
        "timeout_seconds": 0.5,
    }
    assert refusal(plugins(settings).call, "demo-vendor", VENDORS).code == "vendor_unavailable"


@pytest.mark.parametrize("change", [{"secret": "another-secret"}, {"operator_id": "op-unknown"}, {"secret": ""}])
def test_calls_the_vendor_cannot_verify_are_refused(settings, change):
    assert refusal(plugins({**settings, **change}).call, "demo-vendor", VENDORS).code == "vendor_unavailable"


def signed_get(vendor, path, secret, operator, signed_at) -> int:
    request = Request(
        f"{vendor.base_url}{path}",
        headers={
            OPERATOR_HEADER: operator,
            TIMESTAMP_HEADER: str(signed_at),
            SIGNATURE_HEADER: sign_request(secret, "GET", path, "", operator, signed_at),
        },
    )
    try:
        with urlopen(request, timeout=5) as answer:
            return answer.status
    except HTTPError as error:
        with error:
            return error.code


def test_the_api_refuses_unsigned_forged_and_stale_calls(vendor, settings):
    operator, secret = settings["operator_id"], settings["secret"]
    now = int(time.time())
    assert signed_get(vendor, "/api/vendors", secret, operator, now) == 200
    assert signed_get(vendor, "/api/vendors", "forged", operator, now) == 401
    assert signed_get(vendor, "/api/vendors", secret, operator, now - 3600) == 401
    assert signed_get(vendor, "/api/vendors", secret, "someone-else", now) == 401
    with pytest.raises(HTTPError) as unsigned:
        urlopen(f"{vendor.base_url}/api/vendors", timeout=5)
    with unsigned.value:
        assert unsigned.value.code == 401


def test_a_launch_of_a_game_the_vendor_lacks_is_game_unknown(settings):
    player = {
        "id": 7,
        "username": "p",
        "currency": "BDT",
        "launchToken": "t" * 43,
        "walletUrl": "http://demo-bd.localhost:6543/vendors/TY/wallet",
    }
    found = refusal(
        plugins(settings).call,
        "demo-vendor",
        LAUNCH,
        vassalage="TY",
        game_code="ty-no-such-game",
        player=player,
        language="en",
        device="WEB",
        free_play=False,
    )
    assert found.code == "game_unknown"


def test_a_money_launch_needs_the_wallet_token_and_address(settings):
    with pytest.raises(ValueError):
        plugins(settings).call(
            "demo-vendor",
            LAUNCH,
            vassalage="TY",
            game_code=ALL_GAMES[0].code,
            player={"id": 7, "username": "p", "currency": "BDT"},
            language="en",
            device="WEB",
            free_play=False,
        )


def test_free_play_needs_no_player(settings):
    url = plugins(settings).call(
        "demo-vendor",
        LAUNCH,
        vassalage="TY",
        game_code=ALL_GAMES[0].code,
        player=None,
        language="en",
        device="WEB",
        free_play=True,
    )
    assert url.startswith(settings["base_url"] + "/play/")


# -- Tables ---------------------------------------------------------------------------------


def test_live_vendors_have_tables_that_change_over_time(settings):
    tables = plugins(settings).call("demo-vendor", ROOMS, vassalage="VLC")
    assert len(tables) == len(catalog.games_by_vendor()["VLC"])
    assert set(tables[0]) == {"roomId", "gameCode", "name", "dealer", "minBet", "maxBet", "players", "status"}
    assert all(t["gameCode"].startswith("vlc-") and t["status"] in ("open", "closed") for t in tables)
    now = time.time()
    earlier, later = rooms.rooms("VLC", now), rooms.rooms("VLC", now + 3600)
    assert [t["dealer"] for t in earlier] != [t["dealer"] for t in later]
    assert [t["players"] for t in earlier] != [t["players"] for t in later]
    assert any(t["status"] == "closed" for hour in range(24) for t in rooms.rooms("VLC", now + hour * 300))
    assert all(t["players"] == 0 for t in later if t["status"] == "closed")


def test_other_vendors_have_no_tables(settings):
    assert plugins(settings).call("demo-vendor", ROOMS, vassalage="TY") == []
    assert plugins(settings).game_rooms("NOPE") == []  # the core asks no plugin for a vendor not offered


# -- The seamless wallet's signatures ---------------------------------------------------------


def wallet_call(settings, operation, fields, signed_at=None, vassalage="TY"):
    tenant = brand({"demo-vendor": settings}, "demo-bd")
    return demo_vendor.contract_wallet_call(settings, tenant, vassalage, operation, fields, signed_at)


def decode(settings, operation, headers, body, vassalage="TY", slug="demo-bd"):
    return plugins(settings, slug).call(
        "demo-vendor", DECODE, vassalage=vassalage, operation=operation, headers=headers, body=body
    )


DEBIT = {
    "memberId": 7,
    "transactionId": "r1-debit",
    "roundId": "r1",
    "gameCode": "ty-x",
    "amount": "2.50",
    "currency": "BDT",
}


def test_a_signed_call_decodes_to_its_fields(settings):
    headers, body = wallet_call(settings, "debit", DEBIT)
    assert decode(settings, "debit", headers, body) == {"operation": "debit", **DEBIT}
    headers, body = wallet_call(
        settings, "rollback", {"memberId": 7, "transactionId": "r1-rollback", "roundId": "r1", "rollbackOf": "r1-debit"}
    )
    assert decode(settings, "rollback", headers, body) == {
        "operation": "rollback",
        "memberId": 7,
        "roundId": "r1",
        "transactionId": "r1-rollback",
        "rollbackOf": "r1-debit",
    }


@pytest.mark.parametrize("forge", ["body", "operation", "vendor", "stale", "secret", "operator", "header"])
def test_a_forged_or_stale_call_is_signature_invalid(settings, forge):
    headers, body = wallet_call(settings, "debit", DEBIT, signed_at=time.time() - 3600 if forge == "stale" else None)
    operation, vassalage = "debit", "TY"
    if forge == "body":
        body = body.replace(b"2.50", b"250.00")
    elif forge == "operation":
        operation = "credit"
    elif forge == "vendor":
        vassalage = "LUMA"
    elif forge == "secret":
        headers, body = wallet_call({**settings, "secret": "another"}, "debit", DEBIT)
    elif forge == "operator":
        headers[OPERATOR_HEADER] = "someone-else"
    elif forge == "header":
        del headers[SIGNATURE_HEADER]
    assert refusal(decode, settings, operation, headers, body, vassalage).code == "signature_invalid"


def test_a_call_for_another_brands_player_or_unreadable_is_request_invalid(settings):
    headers, body = wallet_call(settings, "debit", DEBIT)
    assert refusal(decode, settings, "debit", headers, body, slug="demo-ph").code == "request_invalid"
    for fields in ({**DEBIT, "amount": "2.5"}, {k: v for k, v in DEBIT.items() if k != "roundId"}):
        headers, body = wallet_call(settings, "debit", fields)
        assert refusal(decode, settings, "debit", headers, body).code == "request_invalid"


def test_encode_writes_a_whole_currencys_balance_with_two_decimals(settings):
    answer = {"ok": True, "balance": "250000", "currency": "VND", "transactionId": "r1-debit"}
    _, _, body = plugins(settings).call(
        "demo-vendor", ENCODE, vassalage="TY", operation="debit", answer=answer, headers={}, body=b"{}"
    )
    assert json.loads(body)["balance"] == "250000.00"  # the protocol's form, which the vendor checks


def test_encode_signs_the_answer_for_the_call_and_status(settings):
    tenant = brand({"demo-vendor": settings}, "demo-bd")
    answer = {"ok": True, "balance": "97.50", "currency": "BDT", "transactionId": "r1-debit"}
    status, headers, body = plugins(settings).call(
        "demo-vendor", ENCODE, vassalage="TY", operation="debit", answer=answer, headers={}, body=b"{}"
    )
    assert status == 200 and json.loads(body) == answer
    read = demo_vendor.contract_read_answer
    assert read(settings, tenant, "TY", "debit", DEBIT, status, headers, body) == answer
    assert read(settings, tenant, "TY", "credit", DEBIT, status, headers, body) is None  # another call's answer
    assert read(settings, tenant, "TY", "debit", DEBIT, 401, headers, body) is None
    assert read(settings, tenant, "TY", "debit", DEBIT, status, headers, body.replace(b"97.50", b"9750.00")) is None
    old = int(time.time()) - 3600
    stale = {
        **headers,
        TIMESTAMP_HEADER: str(old),
        SIGNATURE_HEADER: sign_wallet_answer(settings["secret"], wallet_path("TY", "debit"), status, old, body),
    }
    assert read(settings, tenant, "TY", "debit", DEBIT, status, stale, body) is None


@pytest.mark.parametrize(
    "code, status",
    [("signature_invalid", 401), ("request_invalid", 400), ("insufficient_funds", 200), ("round_settled", 200)],
)
def test_refusals_the_wallet_could_not_read_have_their_status(settings, code, status):
    encoded = plugins(settings).call(
        "demo-vendor",
        ENCODE,
        vassalage="TY",
        operation="debit",
        answer={"ok": False, "code": code},
        headers={},
        body=b"{}",
    )
    assert encoded[0] == status


def test_an_authenticate_answer_names_the_player(settings):
    _, _, body = plugins(settings).call(
        "demo-vendor",
        ENCODE,
        vassalage="TY",
        operation="authenticate",
        answer={"ok": True, "balance": "1.00", "currency": "BDT", "memberId": 7, "username": "player7"},
        headers={},
        body=b"{}",
    )
    assert json.loads(body)["player"] == "demo-bd-7"


# -- Settings and the sandbox -----------------------------------------------------------------


def test_the_settings_schema_takes_a_brand_table():
    table = {
        "base_url": "http://127.0.0.1:6550/demo-vendor",
        "operator_id": "demo-bd",
        "secret": "env:DEMO_GAMES_SECRET",
        "vendors": ["TY", "VLC", "DS88"],
        "timeout_seconds": 10,
    }
    jsonschema.validate(table, demo_vendor.SETTINGS_SCHEMA)
    for bad in ({"vendors": []}, {"vendors": ["ty"]}, {"base_url": "ftp://x"}, {"extra": 1}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate({**table, **bad}, demo_vendor.SETTINGS_SCHEMA)


def test_the_sandbox_serves_the_vendor_at_demo_vendor():
    from tessera_sandboxes.server import make_app

    sandbox = make_app({"DEMO_GAMES_SECRET": "dev-games"})
    app = webtest.TestApp(sandbox)
    assert app.get("/demo-vendor/icons/vendors/TY.svg").content_type == "image/svg+xml"
    signed_at = int(time.time())
    headers = {
        OPERATOR_HEADER: "demo-bd",
        TIMESTAMP_HEADER: str(signed_at),
        SIGNATURE_HEADER: sign_request("dev-games", "GET", "/api/vendors", "", "demo-bd", signed_at),
    }
    vendors = app.get("/demo-vendor/api/vendors", headers=headers).json["vendors"]
    assert vendors[0]["logo"] == "http://localhost/demo-vendor/icons/vendors/TY.svg"
    assert webtest.TestApp(make_app({})).get("/demo-vendor/api/vendors", headers=headers, status=401)
