"""The back office's access matrix: every operation of its description (``/bo/api/``), generated
from the description, is checked by the one staff check its view names, and that name is the
description's ``x-staff``. Every operation is 404 on a brand's host; every operation but the login
refuses a call without a session (before reading its body); every operation that needs a
permission refuses a staff member whose role on the brand has every permission but that one, and
a staff member who holds it on another brand only, and answers one who holds it on the brand.

A new back-office operation is in the matrix from its first day: one without ``x-staff`` fails."""

import json

from tessera.backoffice.permissions import PERMISSIONS, PUBLIC, SESSION
from test_cross_brand_matrix import PATH_VALUES, Call, _description

PREFIX = "/bo/api/"
BRAND, OTHER_BRAND = "demo-bd", "demo-ph"


def _operations(spec: dict, kept) -> list[str]:
    return [
        f"{method.upper()} {path}"
        for path, item in spec["paths"].items()
        if path.startswith(PREFIX)
        for method in ("get", "put", "post", "delete", "patch")
        if method in item and kept(item[method].get("x-staff"))
    ]


# Each test's operations: every one, those that need a session, those that need a permission.
KINDS = {
    "operation": lambda needs: True,
    "session_operation": lambda needs: needs != PUBLIC,
    "permission_operation": lambda needs: needs not in (PUBLIC, SESSION),
}


def pytest_generate_tests(metafunc):
    for fixture, kept in KINDS.items():
        if fixture in metafunc.fixturenames:
            operations = _operations(_description(), kept)
            assert operations, f"the description has no back-office {fixture}"
            metafunc.parametrize(fixture, operations)


class Operation(Call):
    """A described call made by a staff member's browser, on the brand the matrix acts on (its
    path's ``brand``, or its query's)."""

    path_values = {**PATH_VALUES, "brand": BRAND}

    @property
    def needs(self) -> str:
        return self.operation["x-staff"]

    @property
    def url(self) -> str:
        url = super().url
        if any(p["in"] == "query" and p["name"] == "brand" for p in self.parameters) and "brand=" not in url:
            url += ("&" if "?" in url else "?") + f"brand={BRAND}"
        return url

    def make(self, browser, csrf: str | None = None, body=None):
        content, content_type = self.body(browser) if body is None else body
        headers = {"Host": browser.extra_environ["HTTP_HOST"], **({"X-CSRF-Token": csrf} if csrf else {})}
        if content_type:
            headers["Content-Type"] = content_type
        return browser.request(
            self.url, method=self.method.upper(), body=content or b"", headers=headers, expect_errors=True
        )


def refused(response, status: int, code: str) -> None:
    assert (response.status_int, response.json["code"]) == (status, code), response.body[:300]


def view_needs(app, operation: Operation) -> set:
    """What the views of the operation's route and method name as their staff check."""
    introspector = app.registry.introspector
    route = next(r for r in introspector.get_category("routes") if r["introspectable"]["pattern"] == operation.path)
    return {
        view["introspectable"]["staff"] if "staff" in view["introspectable"] else None
        for view in (
            {"introspectable": v} for v in introspector.related(route["introspectable"]) if v.category_name == "views"
        )
        if operation.method.upper() in (view["introspectable"]["request_methods"] or ())
    }


def test_the_view_checks_what_the_description_says(app, operation):
    op = Operation(app.registry["openapi_spec"], operation)
    assert op.needs in {PUBLIC, SESSION, *PERMISSIONS}, f"{operation}: x-staff {op.operation.get('x-staff')!r}"
    assert view_needs(app, op) == {op.needs}
    if op.needs != PUBLIC:
        assert op.operation.get("security") == [{"staffSession": []}]


def test_no_operation_answers_on_a_brands_host(app, testapp, staff_member, operation):
    op = Operation(app.registry["openapi_spec"], operation)
    member = staff_member(superuser=True)
    member.login()
    testapp.set_cookie("tessera_staff", member.browser.cookies["tessera_staff"])
    refused(op.make(testapp, member.csrf), 404, "not_found")
    refused(op.make(testapp, member.csrf, (b"{", "application/json")), 404, "not_found")


def test_without_a_session_an_operation_is_refused_before_its_body_is_read(app, backoffice, session_operation):
    op = Operation(app.registry["openapi_spec"], session_operation)
    refused(op.make(backoffice), 401, "not_logged_in")
    refused(op.make(backoffice, "0" * 64, (b"{", "application/json")), 401, "not_logged_in")


def test_a_role_without_the_permission_and_a_staff_member_of_another_brand_are_refused(
    app, staff_member, permission_operation
):
    op = Operation(app.registry["openapi_spec"], permission_operation)
    every_other = sorted(PERMISSIONS - {op.needs})
    without = staff_member({BRAND: every_other, OTHER_BRAND: sorted(PERMISSIONS)})
    elsewhere = staff_member({OTHER_BRAND: [op.needs]})
    holder = staff_member({BRAND: [op.needs]})
    for member in (without, elsewhere, holder):
        member.login()
    refused(op.make(without.browser, without.csrf), 403, "permission_denied")
    refused(op.make(elsewhere.browser, elsewhere.csrf), 403, "permission_denied")
    allowed = op.make(holder.browser, holder.csrf)
    assert allowed.status_int not in (401, 403) and allowed.status_int < 500, allowed.body[:300]
    assert json.loads(allowed.body)["code"] != "permission_denied"
