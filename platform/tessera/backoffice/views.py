"""The back office's own API description (``/bo/openapi.json``): the ``/bo/api/`` calls of the app's description."""

from pyramid.view import view_config

from tessera.backoffice.permissions import PUBLIC

PREFIX = "/bo/api/"


@view_config(route_name="backoffice.openapi", request_method="GET", renderer="json", staff=PUBLIC)
def description(request):
    spec = request.registry["openapi_spec"]
    paths = {path: item for path, item in spec["paths"].items() if path.startswith(PREFIX)}
    return {**spec, "info": {**spec["info"], "title": "Tessera back office"}, "paths": paths}
