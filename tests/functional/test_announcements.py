"""/wps/relay/MCSFE_getListAnnouncements: the banners and notices showing now, of the asked
types, in the request's language (else the brand's default), each brand only its own."""

from datetime import timedelta

import pytest

from tessera.core.timeutil import utcnow
from tessera.tenancy.models import Announcement, Banner

PATH = "/wps/relay/MCSFE_getListAnnouncements"
PH_IP = "192.0.2.44"
LISTS = {"player", "banners", "popup", "promotion", "help"}
NOTICE_KEYS = {"id", "title", "content", "startDate", "promotionType"}
BANNER_KEYS = {"bannerId", "groupName", "url", "linkageType", "linkUrl", "title", "width", "height", "sources"}


def announcements(app, query: str = "", **headers) -> dict:
    value = app.get(PATH + query, headers=headers).json["value"]
    assert set(value) == LISTS
    return value


def filled(value: dict) -> set[str]:
    return {name for name, items in value.items() if items}


class TestShapes:
    def test_by_default_banners_and_notices_but_not_help(self, testapp):
        value = announcements(testapp)
        assert filled(value) == {"player", "banners", "popup", "promotion"}
        assert (len(value["player"]), len(value["popup"]), len(value["promotion"])) == (6, 2, 2)
        assert all(set(notice) == NOTICE_KEYS for name in ("player", "popup", "promotion") for notice in value[name])
        assert all(set(banner) == BANNER_KEYS for banner in value["banners"])

    def test_a_notice(self, testapp):
        player = announcements(testapp, "?lang=en")["player"]
        deposits = next(n for n in player if n["title"] == "Deposits by mobile wallet")
        assert isinstance(deposits["id"], int)
        assert deposits["content"] == (
            "<p>Mobile-wallet deposits now arrive in under <strong>5 minutes</strong>. "
            "Keep your transaction ID until the money shows.</p>\n"
        )
        assert deposits["startDate"] == "2026-09-15T04:00:00Z"  # 10:00 in Dhaka
        assert deposits["promotionType"] is None

    def test_a_date_alone_starts_at_the_brands_midnight(self, testapp, ph):
        welcome = announcements(testapp, "?lang=en")["player"][-1]
        assert (welcome["title"], welcome["startDate"]) == ("Welcome to Tessera Demo BD", "2026-05-31T18:00:00Z")
        assert announcements(ph)["player"][-1]["startDate"] == "2026-05-31T16:00:00Z"  # Manila

    def test_promotions_carry_their_type(self, testapp):
        promotion = announcements(testapp, "?lang=en")["promotion"]
        assert [(n["title"], n["promotionType"]) for n in promotion] == [
            ("Cricket cashback weekend", "sports"),
            ("Daily rebate up to 1.2%", "rebate"),
        ]

    def test_newest_start_first(self, testapp):
        player = announcements(testapp, "?lang=en")["player"]
        assert [n["title"] for n in player] == [
            "Keep your account safe",
            "More cricket markets",
            "Scheduled maintenance every Tuesday",
            "Deposits by mobile wallet",
            "Set your own deposit limits",
            "Welcome to Tessera Demo BD",
        ]
        assert [n["startDate"] for n in player] == sorted((n["startDate"] for n in player), reverse=True)

    def test_banners_of_every_group_in_file_order(self, testapp):
        banners = announcements(testapp, "?lang=en")["banners"]
        assert [b["groupName"] for b in banners] == ["home", "home", "home", "rng", "rng", "w_register"]
        assert banners[0] == {
            "bannerId": banners[0]["bannerId"],
            "groupName": "home",
            "url": "/assets/banners/welcome.svg",
            "linkageType": "INTERNAL",
            "linkUrl": "/register",
            "title": "Join in one minute: try every game for free",
            "width": 1200,
            "height": 360,
            "sources": [],
        }
        unlinked = banners[4]
        assert (unlinked["url"], unlinked["linkageType"], unlinked["linkUrl"]) == (
            "/assets/banners/slots-new.svg",
            None,
            None,
        )

    def test_the_live_banner_leads_to_the_live_lobby(self, ph):
        live = [b for b in announcements(ph)["banners"] if b["groupName"] == "live"]
        assert [(b["linkageType"], b["linkUrl"]) for b in live] == [("INTERNAL", "/live")]

    def test_a_group_without_banners_has_none(self, ph):
        assert {b["groupName"] for b in announcements(ph)["banners"]} == {"home", "live"}


class TestTypes:
    @pytest.mark.parametrize(
        "types, lists",
        [
            ("B", {"banners"}),
            ("PL", {"player"}),
            ("PU", {"popup"}),
            ("PR", {"promotion"}),
            ("H", {"help"}),
            ("H,PU", {"help", "popup"}),
            ("B,PL,PU,PR,H", LISTS),
            ("PL,PL", {"player"}),
        ],
    )
    def test_only_the_asked_types_are_filled(self, testapp, types, lists):
        assert filled(announcements(testapp, f"?types={types}")) == lists

    def test_help_notices(self, testapp):
        [help_notice] = announcements(testapp, "?types=H&lang=en")["help"]
        assert help_notice["title"] == "How long does a withdrawal take?"

    def test_platform_and_execution_are_accepted(self, testapp):
        assert filled(announcements(testapp, "?types=B,PL,PU,PR&platform=W&execution=B")) == LISTS - {"help"}

    def test_post_takes_a_json_body(self, testapp):
        value = testapp.post_json(PATH, {"types": "PU,H", "platform": "W", "execution": "B"}).json["value"]
        assert filled(value) == {"popup", "help"}

    def test_post_without_a_body_asks_for_the_default_types(self, testapp):
        assert filled(testapp.post(PATH).json["value"]) == {"player", "banners", "popup", "promotion"}
        assert filled(testapp.post_json(PATH, {}).json["value"]) == {"player", "banners", "popup", "promotion"}


class TestBadInput:
    @pytest.mark.parametrize(
        "query, field, code, english, bengali",
        [
            ("types=B,XX", "types", "field_pattern", "The format is not valid", "বিন্যাসটি বৈধ নয়"),
            ("types=", "types", "field_pattern", "The format is not valid", "বিন্যাসটি বৈধ নয়"),
            ("types=pl", "types", "field_pattern", "The format is not valid", "বিন্যাসটি বৈধ নয়"),
            ("platform=M", "platform", "field_enum", "Must be one of: W", "এগুলোর একটি হতে হবে: W"),
            ("execution=A", "execution", "field_enum", "Must be one of: B", "এগুলোর একটি হতে হবে: B"),
        ],
    )
    def test_a_bad_parameter_is_refused_with_a_translated_message(self, testapp, query, field, code, english, bengali):
        for lang, message in (("en", english), ("bn", bengali)):
            response = testapp.get(f"{PATH}?{query}&lang={lang}", status=400)
            assert response.json["code"] == "invalid_request"
            assert (
                response.json["message"]
                == {"en": "Please enter correct information", "bn": "অনুগ্রহ করে সঠিক তথ্য দিন"}[lang]
            )
            assert response.json["value"]["fields"] == [{"field": field, "code": code, "message": message}]

    @pytest.mark.parametrize(
        "body, field, code",
        [
            ({"types": "B,X"}, "types", "field_pattern"),
            ({"platform": "H5"}, "platform", "field_enum"),
            ({"types": ["B"]}, "types", "field_type"),
            ({"type": "B"}, "type", "field_unknown"),
        ],
    )
    def test_a_bad_body_is_refused(self, testapp, body, field, code):
        response = testapp.post_json(f"{PATH}?lang=en", body, status=400)
        assert response.json["code"] == "invalid_request"
        assert [(f["field"], f["code"]) for f in response.json["value"]["fields"]] == [(field, code)]

    def test_other_methods_are_refused(self, testapp):
        response = testapp.put_json(PATH, {}, status=405)
        assert response.json["code"] == "method_not_allowed"


class TestLanguage:
    def test_the_request_language_chooses(self, testapp):
        bengali, english = announcements(testapp), announcements(testapp, **{"Accept-Language": "en"})
        assert bengali["player"][-1]["title"] == "টেসেরা ডেমো বিডিতে স্বাগতম"
        assert english["player"][-1]["title"] == "Welcome to Tessera Demo BD"
        assert bengali["banners"][0]["title"] == "এক মিনিটে যোগ দিন: প্রতিটি গেম বিনামূল্যে খেলে দেখুন"
        assert english["banners"][0]["title"] == "Join in one minute: try every game for free"
        assert [b["bannerId"] for b in bengali["banners"]] == [b["bannerId"] for b in english["banners"]]

    @pytest.mark.parametrize(
        "host, asked, answered",
        [
            ("demo-bd.localhost", "fil", "bn"),  # not one of the brand's languages
            ("demo-ph.localhost", "fil", "en"),  # one of its languages, written in none of its files
            ("demo-ph.localhost", "bn", "en"),  # another brand's language
        ],
    )
    def test_falls_back_to_the_brand_default(self, brand_app, host, asked, answered):
        value = announcements(brand_app(host, ip=PH_IP), f"?lang={asked}")
        default = announcements(brand_app(host, ip=PH_IP), f"?lang={answered}")
        assert value == default and value["player"] and value["banners"]


@pytest.fixture
def notice(db_session, tenant_ids):
    """``notice(title, starts_in, ends_in=None)``: a demo-bd English notice, starting relative to now."""
    positions = iter(range(100, 200))

    def add(title, starts_in, ends_in=None, slug="demo-bd", type_="PL", language="en"):
        now = utcnow().replace(microsecond=0)
        row = Announcement(
            tenant_id=tenant_ids[slug],
            language=language,
            key=f"test-{next(positions)}",
            type=type_,
            position=next(positions),
            title=title,
            content_html="<p>x</p>\n",
            promotion_type=None,
            starts_at=now + starts_in,
            ends_at=now + ends_in if ends_in is not None else None,
        )
        db_session.add(row)
        db_session.flush()
        return row

    return add


@pytest.fixture
def banner(db_session, tenant_ids):
    def add(key, starts_in=None, ends_in=None, position=99, slug="demo-bd"):
        now = utcnow().replace(microsecond=0)
        row = Banner(
            tenant_id=tenant_ids[slug],
            key=key,
            group_name="fish",
            position=position,
            image_url="/assets/banners/x.svg",
            link_url=None,
            title={"bn": key, "en": key},
            starts_at=now + starts_in if starts_in is not None else None,
            ends_at=now + ends_in if ends_in is not None else None,
        )
        db_session.add(row)
        db_session.flush()
        return row

    return add


class TestWindows:
    def test_only_notices_that_have_started_and_not_ended_show(self, testapp, notice):
        hour = timedelta(hours=1)
        notice("started, open-ended", -2 * hour)
        notice("started, ends later", -3 * hour, ends_in=hour)
        notice("ended", -3 * hour, ends_in=-hour)
        notice("starts later", hour)
        notice("starts later, ends later", hour, ends_in=2 * hour)
        titles = [n["title"] for n in announcements(testapp, "?types=PL&lang=en")["player"]]
        assert titles[:2] == ["started, open-ended", "started, ends later"]  # the newest starts
        assert not {"ended", "starts later", "starts later, ends later"} & set(titles)

    def test_a_notice_ends_at_its_end(self, testapp, notice):
        notice("ending now", -timedelta(hours=1), ends_in=timedelta(0))
        notice("ending in a minute", -timedelta(hours=1), ends_in=timedelta(minutes=1))
        titles = [n["title"] for n in announcements(testapp, "?types=PL&lang=en")["player"]]
        assert "ending in a minute" in titles and "ending now" not in titles

    def test_only_banners_in_their_window_show(self, testapp, banner):
        hour = timedelta(hours=1)
        banner("always")
        banner("started", starts_in=-hour, position=100)
        banner("ends-later", ends_in=hour, position=101)
        banner("ended", starts_in=-2 * hour, ends_in=-hour, position=102)
        banner("not-yet", starts_in=hour, position=103)
        fish = [b["title"] for b in announcements(testapp, "?types=B")["banners"] if b["groupName"] == "fish"]
        assert fish == ["always", "started", "ends-later"]


class TestIsolation:
    """Each host answers its own brand's banners and notices, whatever language is asked."""

    @pytest.mark.parametrize("lang", ["en", "bn"])
    def test_no_brand_sees_the_others(self, testapp, ph, lang):
        everything = f"?types=B,PL,PU,PR,H&lang={lang}"
        bd, philippines = announcements(testapp, everything), announcements(ph, everything)
        assert filled(bd) == filled(philippines) == LISTS

        def seen(value):
            notices = [n for name in ("player", "popup", "promotion", "help") for n in value[name]]
            return (
                {n["id"] for n in notices},
                {n["title"] for n in notices},
                {b["bannerId"] for b in value["banners"]},
                {b["title"] for b in value["banners"]},
            )

        for mine, theirs in zip(seen(bd), seen(philippines), strict=True):
            assert mine and theirs and not mine & theirs
        assert all("Demo BD" not in n["title"] for n in philippines["player"])
        assert any("Demo BD" in n["title"] or "বিডি" in n["title"] for n in bd["player"])

    def test_a_rows_brand_decides_where_it_shows(self, testapp, ph, notice):
        notice("for the Philippines only", -timedelta(hours=1), slug="demo-ph")
        assert "for the Philippines only" in [n["title"] for n in announcements(ph, "?types=PL")["player"]]
        assert "for the Philippines only" not in [
            n["title"] for n in announcements(testapp, "?types=PL&lang=en")["player"]
        ]
