"""Whether the process answers (/healthz) and whether its database does (/readyz)."""

from pyramid.view import view_config

from tessera.core.envelope import ApiError


@view_config(route_name="healthz", request_method="GET", renderer="api", openapi=True)
def healthz(request):
    return {"status": "ok"}


@view_config(route_name="readyz", request_method="GET", renderer="api", openapi=True)
def readyz(request):
    # A driver connection without SQLAlchemy's BEGIN: on SQLite every transaction takes the write
    # lock (db.make_engine), and the probe must not wait behind a writer to answer.
    try:
        connection = request.registry["db_engine"].raw_connection()
        try:
            connection.cursor().execute("SELECT 1")
        finally:
            connection.close()
    except Exception:
        raise ApiError(503, "database_unavailable") from None
    return {"status": "ok", "database": "ok"}
