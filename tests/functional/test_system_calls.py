"""The system calls of SPEC §7 besides status: flags, register settings, domain routes, routers,
help centre, customer service, and the health checks."""

import re

import pytest

from tessera.core.db import make_engine
from tessera.plugins import plugin_manager, settings_schemas
from tessera.system.status.linkseal import KEY_ALPHABET, KEY_LENGTH, open_sealed
from tessera.system.status.services import FLAGS, REGISTER_FIELDS
from tessera.tenancy.loader import load_tenants
from tessera.tenancy.services import sync_tenants

PH_IP = "192.0.2.44"


def value(app, path):
    return app.get(path).json["value"]


def test_whitelabel_lists_every_flag_as_the_brand_sets_it(testapp, ph):
    bd_flags, ph_flags = value(testapp, "/wps/system/whitelabel"), value(ph, "/wps/system/whitelabel")
    assert set(bd_flags) == set(ph_flags) == set(FLAGS)
    assert {f for f, on in bd_flags.items() if on} == {
        "USERNAMEREG3",
        "DIRECTREG3",
        "AGENT3",
        "REFERRAL3",
        "DIVIDEND3",
        "DAILYSAL3",
    }
    assert {f for f, on in ph_flags.items() if on} == {
        "MOBILENUMREG3",
        "REGMOBVERF3",
        "DIRECTREG3",
        "LOGINREQCAPTCHA3",
        "FREEPLAY3",
        "MOBILEVERCODELOGIN3",
        "CHNGPASSVERIF3",
    }


class TestRegisterSettings:
    def test_every_field_has_every_setting(self, testapp):
        settings = value(testapp, "/wps/system/setting/register")
        assert set(settings) == set(REGISTER_FIELDS)
        for field in settings.values():
            assert set(field) == {"enabled", "required", "acceptedPattern", "patternId", "minLength", "maxLength"}
            assert field["acceptedPattern"] == "*" or re.compile(field["acceptedPattern"])

    def test_mobile_number_is_shown_and_required_only_where_the_brand_registers_by_mobile(self, testapp, ph):
        assert value(ph, "/wps/system/setting/register")["mobileNum"] == {
            "enabled": True,
            "required": True,
            "acceptedPattern": "^[0-9]+$",
            "patternId": "digits",
            "minLength": 10,
            "maxLength": 10,
        }
        bd_mobile = value(testapp, "/wps/system/setting/register")["mobileNum"]
        assert bd_mobile["enabled"] is False and bd_mobile["required"] is False

    def test_the_brands_own_settings_override_the_defaults(self, testapp, ph):
        bd = value(testapp, "/wps/system/setting/register")
        assert bd["username"] == {
            "enabled": True,
            "required": True,
            "acceptedPattern": "^[A-Za-z][A-Za-z0-9]*$",
            "patternId": "letterFirstAlnum",
            "minLength": 6,
            "maxLength": 16,
        }
        assert (bd["email"]["enabled"], bd["email"]["required"], bd["email"]["patternId"]) == (True, False, "email")
        assert bd["affiliateCode"]["enabled"] is True
        assert (bd["affiliateCode"]["minLength"], bd["affiliateCode"]["maxLength"]) == (4, 16)
        ph_settings = value(ph, "/wps/system/setting/register")
        assert ph_settings["email"]["enabled"] is False and ph_settings["affiliateCode"]["enabled"] is False
        assert ph_settings["verificationCode"]["required"] is True


@pytest.mark.parametrize(
    "host, route, referral_code",
    [
        ("demo-bd.localhost", "/", None),
        ("localhost", "/", None),
        ("join.demo-bd.localhost", "/register", "BDJOIN"),
        ("agent.demo-bd.localhost", "/agentHome", None),
        ("agent.demo-ph.localhost", "/agentHome", None),
        ("JOIN.demo-bd.localhost:6543", "/register", "BDJOIN"),
    ],
)
def test_domain_route_is_the_calling_hosts(brand_app, host, route, referral_code):
    answer = value(brand_app(host), "/wps/system/domainRoute")
    assert answer == {"domain": host.lower().split(":")[0], "route": route, "referralCode": referral_code}


def test_routers_list_the_brands_domains_and_resources(testapp, ph):
    bd = value(testapp, "/wps/system/routers")
    assert bd["domainList"] == [
        "demo-bd.localhost",
        "localhost",
        "127.0.0.1",
        "agent.demo-bd.localhost",
        "join.demo-bd.localhost",
    ]
    assert bd["resources"] == [
        {"resourceType": "FACEBOOK", "url": "https://facebook.com/tessera.demo.bd", "qrCodeUrl": None, "title": None},
        {"resourceType": "TELEGRAM", "url": "https://t.me/tessera_demo_bd", "qrCodeUrl": None, "title": None},
        {"resourceType": "ANDROID", "url": "/down", "qrCodeUrl": "/down/qr/android.png", "title": None},
    ]
    philippines = value(ph, "/wps/system/routers")
    assert philippines["domainList"] == ["demo-ph.localhost", "agent.demo-ph.localhost"]
    resources = [(r["resourceType"], r["qrCodeUrl"]) for r in philippines["resources"]]
    assert resources == [("IOS", "/down/qr/ios.png"), ("TELEGRAM", None)]


class TestHelpCenter:
    def test_answers_in_the_asked_language(self, testapp):
        english = value(testapp, "/wps/system/helpCenter?lang=en")
        assert english["language"] == "en"
        assert [s["key"] for s in english["sections"]] == ["about", "term", "responsible"]
        assert english["sections"][0]["title"] == "About us"
        bengali = value(testapp, "/wps/system/helpCenter?lang=bn")
        assert bengali["language"] == "bn"
        assert bengali["sections"][0]["title"] == "আমাদের সম্পর্কে"

    def test_follows_the_request_language_without_the_query(self, testapp):
        assert value(testapp, "/wps/system/helpCenter")["language"] == "bn"
        assert (
            testapp.get("/wps/system/helpCenter", headers={"Accept-Language": "en"}).json["value"]["language"] == "en"
        )

    @pytest.mark.parametrize(
        "host, asked, answered",
        [
            ("demo-bd.localhost", "fil", "bn"),  # not one of the brand's languages
            ("demo-bd.localhost", "zh-TW", "bn"),
            ("demo-ph.localhost", "fil", "en"),  # one of its languages, without content
            ("demo-ph.localhost", "bn", "en"),  # another brand's content is never shown
        ],
    )
    def test_falls_back_to_the_brand_default(self, brand_app, host, asked, answered):
        help_center = value(brand_app(host, ip=PH_IP), f"/wps/system/helpCenter?lang={asked}")
        assert help_center["language"] == answered
        assert help_center["sections"]

    def test_brands_have_their_own_content(self, testapp, ph):
        bd = value(testapp, "/wps/system/helpCenter?lang=en")["sections"]
        philippines = value(ph, "/wps/system/helpCenter?lang=en")["sections"]
        assert "Tessera Demo BD" in bd[0]["content"] and "Tessera Demo PH" in philippines[0]["content"]
        assert [s["key"] for s in philippines] == ["about", "term"]

    def test_content_is_markdown_rendered_to_html(self, testapp):
        terms = value(testapp, "/wps/system/helpCenter?lang=en")["sections"][1]
        assert terms["content"].startswith("<ol>\n<li>You must be <strong>18 years or older</strong>")
        assert terms["content"].count("<li>") == 4

    def test_raw_html_in_the_content_is_shown_as_text(self, testapp, db_session, settings):
        sources = load_tenants(settings.tenants_dir, settings_schemas(plugin_manager()))
        bd = next(s for s in sources if s.slug == "demo-bd")
        bd.help["en"] = [
            {
                "key": "about",
                "title": "About",
                "body": (
                    '<script>alert("x")</script> **bold** <img src=x onerror="alert(1)"> '
                    "[chat](javascript:alert(1)) [site](https://demo-bd.example)"
                ),
            }
        ]
        sync_tenants(db_session, sources, settings.secret_key)
        db_session.flush()
        [section] = value(testapp, "/wps/system/helpCenter?lang=en")["sections"]
        content = section["content"]
        assert "<script" not in content and "<img" not in content
        assert "&lt;script&gt;" in content and "&lt;img" in content
        assert 'href="javascript:' not in content
        assert '<a href="https://demo-bd.example">site</a>' in content
        assert "<strong>bold</strong>" in content

    def test_refuses_an_overlong_language(self, testapp):
        response = testapp.get("/wps/system/helpCenter?lang=" + "x" * 9, status=400)
        assert response.json["value"]["fields"][0]["field"] == "lang"


class TestCustomerService:
    def test_the_live_chat_path_is_sealed_and_the_others_clear(self, testapp):
        path_list = value(testapp, "/wps/system/customerService")["version"]["pathList"]
        assert [e["type"] for e in path_list] == ["3", "FACEBOOK", "TELEGRAM", "HOTLINE"]
        live_chat = path_list[0]["path"]
        key = live_chat[-KEY_LENGTH:]
        assert len(key) == KEY_LENGTH and set(key) <= set(KEY_ALPHABET)
        assert "chat.demo-bd.example" not in live_chat
        assert open_sealed(live_chat) == "https://chat.demo-bd.example/room/support"
        assert [e["path"] for e in path_list[1:]] == [
            "https://m.me/tessera.demo.bd",
            "https://t.me/tessera_demo_bd_support",
            "tel:+8809600000000",
        ]

    def test_each_answer_seals_afresh(self, testapp):
        first, second = (
            value(testapp, "/wps/system/customerService")["version"]["pathList"][0]["path"] for _ in range(2)
        )
        assert first != second
        assert open_sealed(first) == open_sealed(second)

    def test_each_brand_has_its_own(self, ph):
        path_list = value(ph, "/wps/system/customerService")["version"]["pathList"]
        assert [(e["type"], e["title"]) for e in path_list] == [("3", "Live chat"), ("HOTLINE", "Hotline")]
        assert open_sealed(path_list[0]["path"]) == "https://chat.demo-ph.example/room/help"

    def test_titles_follow_the_language(self, testapp):
        titles = [e["title"] for e in value(testapp, "/wps/system/customerService?lang=en")["version"]["pathList"]]
        assert titles == ["Live chat", "Facebook", "Telegram", "Hotline"]
        titles = [e["title"] for e in value(testapp, "/wps/system/customerService")["version"]["pathList"]]
        assert titles == ["লাইভ চ্যাট", "ফেসবুক", "টেলিগ্রাম", "হটলাইন"]


def test_healthz_and_readyz_answer(testapp):
    assert value(testapp, "/healthz") == {"status": "ok"}
    assert value(testapp, "/readyz") == {"status": "ok", "database": "ok"}


def test_readyz_refuses_while_the_database_does_not_answer(app, testapp, tmp_path):
    unreachable = make_engine(f"sqlite:///{tmp_path / 'missing' / 'tessera.sqlite'}")
    app.registry["db_engine"] = unreachable
    try:
        response = testapp.get("/readyz?lang=en", status=503)
    finally:
        unreachable.dispose()
    assert response.json["code"] == "database_unavailable"
    assert response.json["message"] == "The service is not ready yet."
    assert value(testapp, "/healthz") == {"status": "ok"}
