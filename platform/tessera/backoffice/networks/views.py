"""The brand's allowed networks, read and replaced by staff who edit its settings; audited."""

from pyramid.view import view_config

from tessera.backoffice.acting import Acting
from tessera.backoffice.networks import services
from tessera.backoffice.permissions import Permission

settings_call = dict(
    renderer="api", openapi=True, staff=Permission.SettingsEdit, route_name="backoffice.allowed_networks"
)


def _listed(request) -> dict:
    items = [services.network_value(row) for row in services.allowed_networks(request.db, request.tenant.slug)]
    return {"items": items, "total": len(items), "page": 1, "pageSize": max(len(items), 1)}


@view_config(request_method="GET", **settings_call)
def allowed_networks(request):
    return _listed(request)


@view_config(request_method="PUT", **settings_call)
def replace_allowed_networks(request):
    acting = Acting.of(request)
    before = [(n["network"], n["label"]) for n in _listed(request)["items"]]
    services.replace_networks(
        request.db, request.tenant.id, request.openapi.body["networks"], acting.ip, acting.staff, acting.at
    )
    answer = _listed(request)
    after = [(n["network"], n["label"]) for n in answer["items"]]
    acting.record(
        request.db,
        "allowed_networks_changed",
        f"brand:{acting.brand}",
        {"networks": [{"network": n, "label": label} for n, label in before]},
        {"networks": [{"network": n, "label": label} for n, label in after]},
    )
    return answer
