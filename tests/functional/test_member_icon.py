"""The member's avatar: GET /wps/member/info/icon, the relay's MCSFE_getPlayerAvatar, and the
avatar pictures the server draws (/wps/avatars/<iconId>.svg)."""

import xml.etree.ElementTree as ElementTree

import pytest

from accounts import bearer
from tessera.identity.accounts.avatars import ICON_IDS

ICON, AVATARS = "/wps/member/info/icon", "/wps/relay/MCSFE_getPlayerAvatar"
SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture
def member(members):
    return members("demo-bd")


class TestIcon:
    def test_a_member_has_the_default_avatar(self, testapp, member, token_of):
        answer = testapp.get(ICON, headers=bearer(token_of(member))).json
        assert answer == {
            "success": True,
            "code": None,
            "message": None,
            "value": {"iconId": 1, "url": "/wps/avatars/1.svg"},
        }

    def test_the_url_serves_the_picture(self, testapp, member, token_of):
        url = testapp.get(ICON, headers=bearer(token_of(member))).json["value"]["url"]
        assert testapp.get(url).content_type == "image/svg+xml"

    def test_free_play_has_an_avatar_too(self, testapp, members, token_of):
        guest = members("demo-bd", member_type=0, password=None)
        assert testapp.get(ICON, headers=bearer(token_of(guest))).json["value"]["iconId"] == 1

    def test_a_login_is_needed(self, testapp):
        assert testapp.get(ICON, status=401).json["code"] == "not_logged_in"

    def test_a_token_of_another_brand_does_not_work(self, ph, member, token_of):
        assert ph.get(ICON, headers=bearer(token_of(member)), status=401).json["code"] == "not_logged_in"

    def test_it_is_always_the_callers_own(self, testapp, members, token_of):
        caller, other = members("demo-bd"), members("demo-bd")
        answer = testapp.get(f"{ICON}?memberId={other.id}", headers=bearer(token_of(caller))).json
        assert answer["value"] == {"iconId": 1, "url": "/wps/avatars/1.svg"}


class TestAvatarChoices:
    def test_the_current_avatar_and_all_of_them(self, testapp, member, token_of):
        value = testapp.get(AVATARS, headers=bearer(token_of(member))).json["value"]
        assert value["current"] == 1
        assert [a["iconId"] for a in value["avatars"]] == list(range(1, 9))
        assert [a["url"] for a in value["avatars"]] == [f"/wps/avatars/{n}.svg" for n in range(1, 9)]

    def test_a_login_is_needed(self, testapp):
        assert testapp.get(AVATARS, status=401).json["code"] == "not_logged_in"

    def test_a_token_of_another_brand_does_not_work(self, ph, member, token_of):
        assert ph.get(AVATARS, headers=bearer(token_of(member)), status=401).json["code"] == "not_logged_in"

    def test_it_is_a_get(self, testapp, member, token_of):
        assert (
            testapp.post_json(AVATARS, {}, headers=bearer(token_of(member)), status=405).json["code"]
            == "method_not_allowed"
        )


class TestPictures:
    @pytest.mark.parametrize("icon_id", ICON_IDS)
    def test_each_is_an_svg_without_scripts_served_as_an_image(self, testapp, icon_id):
        response = testapp.get(f"/wps/avatars/{icon_id}.svg")
        assert response.content_type == "image/svg+xml"
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'"
        assert response.headers["Cache-Control"] == "public, max-age=86400"
        root = ElementTree.fromstring(response.body)
        assert root.tag == f"{SVG}svg" and root.get("viewBox") == "0 0 96 96"
        assert not [e for e in root.iter() if e.tag in (f"{SVG}script", f"{SVG}foreignObject")]
        assert not any(name.startswith("on") for e in root.iter() for name in e.attrib)

    def test_they_all_differ(self, testapp):
        assert len({testapp.get(f"/wps/avatars/{n}.svg").body for n in ICON_IDS}) == len(ICON_IDS)

    def test_the_same_on_every_brand(self, testapp, ph):
        assert testapp.get("/wps/avatars/3.svg").body == ph.get("/wps/avatars/3.svg").body

    def test_a_cached_picture_is_not_sent_again(self, testapp):
        etag = testapp.get("/wps/avatars/2.svg").headers["ETag"]
        assert testapp.get("/wps/avatars/2.svg", headers={"If-None-Match": etag}, status=304).body == b""

    @pytest.mark.parametrize("name", ["0", "9", "abc"])
    def test_an_avatar_that_does_not_exist(self, testapp, name):
        assert testapp.get(f"/wps/avatars/{name}.svg", status=400).json["code"] == "invalid_request"
