"""The member's own calls of SPEC §7: member info, the member's avatar, and the avatars' pictures."""

from pyramid.response import Response
from pyramid.view import view_config

from tessera.identity.accounts import avatars
from tessera.identity.accounts.services import member_info, set_language
from tessera.identity.permissions import Permissions


def icon(request, icon_id: int) -> dict:
    return {"iconId": icon_id, "url": request.route_path("identity.avatar", iconId=icon_id)}


@view_config(
    route_name="identity.member_info",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def info(request):
    return member_info(request.db, request.tenant, request.authenticated_userid)


@view_config(
    route_name="identity.member_language",
    request_method="PUT",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberEdit,
)
def language(request):
    """The language the member chose on the site, kept for what is sent to them later."""
    return {"language": set_language(request.db, request.authenticated_userid, request.openapi.body["language"])}


@view_config(
    route_name="identity.member_icon",
    request_method="GET",
    renderer="api",
    openapi=True,
    permission=Permissions.MemberRead,
)
def member_icon(request):
    """The logged-in member's own avatar (the default: none can be chosen yet)."""
    return icon(request, avatars.DEFAULT_ICON)


def avatar_choices(request) -> dict:
    """The member's avatar and every avatar there is (the relay's MCSFE_getPlayerAvatar)."""
    return {"current": avatars.DEFAULT_ICON, "avatars": [icon(request, i) for i in avatars.ICON_IDS]}


@view_config(route_name="identity.avatar", request_method="GET", openapi=True)
def avatar(request):
    icon_id = request.openapi.parameters.path["iconId"]
    response = Response(avatars.svg(icon_id), content_type="image/svg+xml", charset="utf-8", conditional_response=True)
    response.etag = avatars.etag(icon_id)
    response.headers["Cache-Control"] = "public, max-age=86400"
    response.headers["X-Content-Type-Options"] = "nosniff"
    # An SVG opened on its own is a document: it may style itself, nothing more (as brand assets).
    response.headers["Content-Security-Policy"] = "default-src 'none'; style-src 'unsafe-inline'"
    return response
