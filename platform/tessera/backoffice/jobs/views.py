"""The jobs' runs, for staff holding ``jobs.read`` on the brand they name."""

from pyramid.view import view_config

from tessera.backoffice.jobs import services
from tessera.backoffice.permissions import Permission
from tessera.core.timeutil import now

jobs_call = dict(request_method="GET", renderer="api", openapi=True, staff=Permission.JobsRead)


@view_config(route_name="backoffice.jobs", **jobs_call)
def jobs(request):
    brand = request.openapi.parameters.query.get("brand")
    return {"items": services.latest(request.db, brand, now(request.registry))}


@view_config(route_name="backoffice.job_runs", **jobs_call)
def job_runs(request):
    asked = request.openapi.parameters.query
    return services.runs(
        request.db,
        asked.get("brand"),
        asked.get("job"),
        asked.get("outcome"),
        asked.get("page", 1),
        asked.get("pageSize", 50),
    )
