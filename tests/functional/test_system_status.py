"""/wps/system/status: 0 normal, 1 maintenance, 2 region restriction; also the permission info
the shell boots from, each part of it the calling brand's own."""

from datetime import timedelta

import pytest
from sqlalchemy import delete

from tessera.core.timeutil import utcnow
from tessera.system.status.linkseal import open_sealed
from tessera.system.status.models import MaintenanceWindow
from tessera.tenancy.models import Footer, Tenant

# Addresses inside the cidr-region ranges of tenants/*/tenant.toml.
BD_IP, US_IP, PH_IP = "203.0.113.9", "198.51.100.7", "192.0.2.44"


def status(brand_app, host="demo-bd.localhost", ip=BD_IP) -> dict:
    return brand_app(host, ip=ip).get("/wps/system/status").json["value"]


@pytest.fixture
def maintenance(db_session, tenant_ids):
    def start(slug="demo-bd", ends_in=None, starts_in=timedelta(minutes=-5), info=None):
        now = utcnow().replace(microsecond=0)
        window = MaintenanceWindow(
            tenant_id=tenant_ids[slug], starts_at=now + starts_in, ends_at=now + ends_in if ends_in else None, info=info
        )
        db_session.add(window)
        db_session.flush()
        return window

    return start


def test_normal(brand_app):
    value = status(brand_app)
    assert value["status"] == 0
    assert value["maintenance"] is None
    assert value["location"] == {"ip": BD_IP, "region": "BD"}


def test_maintenance_with_a_known_end(brand_app, maintenance):
    window = maintenance(ends_in=timedelta(hours=2), info="Upgrading the wallet")
    value = status(brand_app)
    assert value["status"] == 1
    assert value["maintenance"] == {
        "endTime": window.ends_at.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "info": "Upgrading the wallet",
    }


def test_maintenance_without_an_end(brand_app, maintenance):
    maintenance()
    value = status(brand_app)
    assert value["status"] == 1
    assert value["maintenance"] == {"endTime": None, "info": None}


def test_maintenance_is_the_brands_own(brand_app, maintenance):
    maintenance(slug="demo-ph")
    assert status(brand_app)["status"] == 0
    assert status(brand_app, "demo-ph.localhost", PH_IP)["status"] == 1


def test_a_window_that_ended_or_has_not_begun_is_not_maintenance(brand_app, maintenance):
    maintenance(starts_in=timedelta(hours=-3), ends_in=timedelta(hours=-1))
    maintenance(starts_in=timedelta(hours=1), ends_in=timedelta(hours=2))
    assert status(brand_app)["status"] == 0


def test_a_blocked_region_is_restricted(brand_app):
    value = status(brand_app, ip=US_IP)
    assert value["status"] == 2
    assert value["location"] == {"ip": US_IP, "region": "US"}


def test_a_region_outside_the_allowed_ones_is_restricted(brand_app):
    value = status(brand_app, "demo-ph.localhost", BD_IP)
    assert value["status"] == 2
    assert value["location"] == {"ip": BD_IP, "region": "BD"}
    assert status(brand_app, "demo-ph.localhost", PH_IP)["status"] == 0
    assert status(brand_app, "demo-bd.localhost", PH_IP)["status"] == 0


def test_maintenance_wins_over_region(brand_app, maintenance):
    maintenance(ends_in=timedelta(minutes=30))
    value = status(brand_app, ip=US_IP)
    assert value["status"] == 1
    assert value["location"]["region"] == "US"


def test_public_key_is_the_brands_rsa_key(brand_app, db_session, tenant_ids):
    bd = status(brand_app)["publicKey"]
    ph = status(brand_app, "demo-ph.localhost", PH_IP)["publicKey"]
    assert bd["kty"] == ph["kty"] == "RSA"
    assert bd["kid"] == db_session.get(Tenant, tenant_ids["demo-bd"]).key_id
    assert ph["kid"] == db_session.get(Tenant, tenant_ids["demo-ph"]).key_id
    assert bd["n"] != ph["n"] and bd["kid"] != ph["kid"]
    assert "d" not in bd and "p" not in bd
    assert bd == status(brand_app)["publicKey"]


def test_the_brand_and_its_settings(brand_app):
    bd = status(brand_app)
    ph = status(brand_app, "demo-ph.localhost", PH_IP)
    assert bd["brand"] == {
        "slug": "demo-bd",
        "name": "Tessera Demo BD",
        "currency": "BDT",
        "currencySymbol": "৳",
        "ownCurrencySymbol": True,
        "currencyPlaces": 2,
        "moneyStep": "0.01",
        "defaultLanguage": "bn",
        "languages": ["bn", "en"],
        "theme": "light",
        "logo": "/assets/logo.svg",
        "logoImage": {"url": "/assets/logo.svg", "width": 180, "height": 48, "sources": []},
        "timezone": "Asia/Dhaka",
        "dateZone": "brand",
        "legalAge": 18,
    }
    vn = status(brand_app, "demo-vn.localhost")
    assert (vn["brand"]["legalAge"], vn["brand"]["dateZone"]) == (21, "brand")
    assert ph["brand"]["theme"] == "dark" and ph["brand"]["currencySymbol"] == "P"
    assert ph["brand"]["timezone"] == "Asia/Manila"
    assert bd["whitelabel"]["USERNAMEREG3"] is True and bd["whitelabel"]["MOBILENUMREG3"] is False
    assert ph["whitelabel"]["USERNAMEREG3"] is False and ph["whitelabel"]["MOBILENUMREG3"] is True
    assert bd["register"]["mobileNum"]["required"] is False and ph["register"]["mobileNum"]["required"] is True
    assert bd["analytics"] == {"gtagId": "G-DEMOBD0001"}
    assert ph["analytics"] == {"gtagId": None}
    # The development sandbox's demo vendor serves icons and games from its own origin.
    sandbox = "http://127.0.0.1:6550"
    assert bd["imageCDNs"] == ["https://img1.demo-bd.example", "https://img2.demo-bd.example", sandbox]
    assert ph["imageCDNs"] == ["https://img.demo-ph.example", sandbox]
    assert bd["launchGameCDNs"] == ["https://play.demo-bd.example", sandbox]
    assert ph["launchGameCDNs"] == ["https://play1.demo-ph.example", "https://play2.demo-ph.example", sandbox]
    assert [r["resourceType"] for r in bd["resources"]] == ["FACEBOOK", "TELEGRAM", "ANDROID"]
    assert [r["resourceType"] for r in ph["resources"]] == ["IOS", "TELEGRAM"]
    assert bd["domainRoute"] == {"domain": "demo-bd.localhost", "route": "/", "referralCode": None}
    assert ph["domainRoute"] == {"domain": "demo-ph.localhost", "route": "/", "referralCode": None}


def test_customer_service_in_the_status_is_the_brands_and_sealed(brand_app):
    bd = status(brand_app)["customerService"]
    ph = status(brand_app, "demo-ph.localhost", PH_IP)["customerService"]
    assert [e["csType"] for e in bd] == ["3", "FACEBOOK", "TELEGRAM", "HOTLINE"]
    assert [e["csType"] for e in ph] == ["3", "HOTLINE"]
    assert open_sealed(bd[0]["path"]) == "https://chat.demo-bd.example/room/support"
    assert open_sealed(ph[0]["path"]) == "https://chat.demo-ph.example/room/help"
    assert bd[3]["path"] == "tel:+8809600000000"


def test_the_host_parameter_is_accepted(brand_app):
    app = brand_app("demo-bd.localhost")
    assert app.get("/wps/system/status?host=demo-bd.localhost").json["value"]["status"] == 0
    response = app.get("/wps/system/status?host=" + "h" * 254, status=400)
    assert response.json["value"]["fields"][0]["field"] == "host"


class TestCallerAddress:
    """The region is the caller's: X-Forwarded-For counts only as far as trusted proxies added it."""

    def test_a_caller_cannot_claim_another_address(self, brand_app):
        app = brand_app("demo-bd.localhost", ip=US_IP)
        value = app.get("/wps/system/status", headers={"X-Forwarded-For": BD_IP}).json["value"]
        assert value["status"] == 2
        assert value["location"] == {"ip": US_IP, "region": "US"}

    @pytest.mark.parametrize("forwarded", [US_IP, f"{BD_IP}, {US_IP}", f"{BD_IP},{US_IP}, 127.0.0.1"])
    def test_behind_a_trusted_proxy_the_right_most_outside_hop_is_the_caller(self, brand_app, forwarded):
        app = brand_app("demo-bd.localhost", ip="127.0.0.1")
        value = app.get("/wps/system/status", headers={"X-Forwarded-For": forwarded}).json["value"]
        assert value["location"] == {"ip": US_IP, "region": "US"}
        assert value["status"] == 2

    @pytest.mark.parametrize("forwarded", ["not-an-address", "", f"{US_IP}, ::ffff:zz"])
    def test_a_garbled_hop_is_not_believed(self, brand_app, forwarded):
        app = brand_app("demo-bd.localhost", ip="127.0.0.1")
        value = app.get("/wps/system/status", headers={"X-Forwarded-For": forwarded}).json["value"]
        assert value["location"] == {"ip": "127.0.0.1", "region": None}


class TestFooter:
    def test_in_the_request_language(self, brand_app):
        bengali = status(brand_app)["footer"]
        english = brand_app("demo-bd.localhost").get("/wps/system/status?lang=en").json["value"]["footer"]
        assert english["description"].startswith("<p><strong>Tessera Demo BD</strong> is a demonstration brand")
        assert bengali["description"].startswith("<p><strong>টেসেরা ডেমো বিডি</strong>")
        assert english["licences"] == [
            {
                "title": "Demo Gaming Authority",
                "url": "/assets/footer/licence-authority.svg",
                "width": 136,
                "height": 48,
                "linkUrl": "https://licensing.demo-bd.example/tessera",
            },
            {
                "title": "Fair Play Lab certified",
                "url": "/assets/footer/licence-fair-play.svg",
                "width": 136,
                "height": 48,
                "linkUrl": "https://fairplay.demo-bd.example/certificates/tessera",
            },
            {
                "title": "RNG independently tested",
                "url": "/assets/footer/licence-rng.svg",
                "width": 136,
                "height": 48,
                "linkUrl": None,
            },
        ]
        assert [p["url"] for p in english["protection"]] == [
            "/assets/footer/protection-ssl.svg",
            "/assets/footer/protection-privacy.svg",
            "/assets/footer/protection-fraud.svg",
        ]
        assert english["protection"][0] == {
            "title": "SSL secured",
            "url": "/assets/footer/protection-ssl.svg",
            "width": 136,
            "height": 48,
        }
        assert english["responsibility"] == {
            "title": "Only for players aged 18 or older",
            "url": "/assets/footer/18-plus.svg",
            "width": 48,
            "height": 48,
            "linkUrl": "/help#responsible",
        }
        assert bengali["responsibility"]["title"] == "শুধুমাত্র ১৮ বছর বা তার বেশি বয়সীদের জন্য"
        assert [lic["url"] for lic in bengali["licences"]] == [lic["url"] for lic in english["licences"]]

    @pytest.mark.parametrize(
        "host, asked, answered",
        [
            ("demo-ph.localhost", "fil", "en"),  # one of its languages, without a footer file
            ("demo-ph.localhost", "bn", "en"),  # another brand's language
            ("demo-bd.localhost", "fil", "bn"),  # not one of the brand's languages
        ],
    )
    def test_falls_back_to_the_brand_default(self, brand_app, host, asked, answered):
        app = brand_app(host, ip=PH_IP)
        fallen_back = app.get(f"/wps/system/status?lang={asked}").json["value"]["footer"]
        assert fallen_back == app.get(f"/wps/system/status?lang={answered}").json["value"]["footer"]
        assert fallen_back["licences"]

    def test_each_brand_has_its_own(self, brand_app):
        bd = brand_app("demo-bd.localhost").get("/wps/system/status?lang=en").json["value"]["footer"]
        ph = status(brand_app, "demo-ph.localhost", PH_IP)["footer"]
        assert "Tessera Demo PH" in ph["description"] and "Demo BD" not in ph["description"]
        assert [lic["title"] for lic in ph["licences"]] == ["Demo Gaming Authority", "RNG independently tested"]
        assert ph["licences"][0]["linkUrl"] == "https://licensing.demo-ph.example/tessera"
        assert ph["responsibility"] == {
            "title": "Adults only",
            "url": "/assets/footer/18-plus.svg",
            "width": 48,
            "height": 48,
            "linkUrl": None,
        }
        assert {lic["linkUrl"] for lic in bd["licences"]}.isdisjoint(
            {lic["linkUrl"] for lic in ph["licences"]} - {None}
        )

    def test_a_brand_without_a_footer_gets_an_empty_one(self, brand_app, db_session, tenant_ids):
        db_session.execute(delete(Footer).where(Footer.tenant_id == tenant_ids["demo-ph"]))
        db_session.flush()
        assert status(brand_app, "demo-ph.localhost", PH_IP)["footer"] == {
            "description": "",
            "licences": [],
            "protection": [],
            "responsibility": None,
        }
        assert status(brand_app)["footer"]["licences"]


def test_the_logo_is_the_brands_asset(brand_app):
    assert status(brand_app)["brand"]["logo"] == "/assets/logo.svg"
    assert status(brand_app, "demo-ph.localhost", PH_IP)["brand"]["logo"] == "/assets/logo.svg"
    logos = {
        host: brand_app(host, ip=PH_IP).get("/assets/logo.svg").body
        for host in ("demo-bd.localhost", "demo-ph.localhost")
    }
    assert logos["demo-bd.localhost"] != logos["demo-ph.localhost"]


def vendors_moved(db_session) -> None:
    """demo-bd's transfer vendor on a host of its own, and its demo vendor switched off elsewhere."""
    tenant = db_session.query(Tenant).filter_by(slug="demo-bd").one()
    plugins = dict(tenant.config["plugins"])
    plugins["transfer-vendor"] = {**plugins["transfer-vendor"], "base_url": "https://twv.example:8443/api"}
    plugins["transfer-vendor"]["game_hosts"] = ["https://play.twv.example"]
    plugins["demo-vendor"] = {**plugins["demo-vendor"], "base_url": "https://dv.example/api", "enabled": False}
    tenant.config = {**tenant.config, "plugins": plugins}
    db_session.flush()


def test_the_image_and_game_hosts_are_the_brands_and_its_enabled_vendors(brand_app, db_session):
    vendors_moved(db_session)
    bd = status(brand_app)
    assert bd["imageCDNs"] == [
        "https://img1.demo-bd.example",
        "https://img2.demo-bd.example",
        "https://twv.example:8443",
    ]
    assert bd["launchGameCDNs"] == [
        "https://play.demo-bd.example",
        "https://twv.example:8443",
        "https://play.twv.example",
    ]
    assert "https://dv.example" not in bd["imageCDNs"] + bd["launchGameCDNs"]
