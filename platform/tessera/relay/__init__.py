"""The relay: ``/wps/relay/{OPERATION}`` and ``/wps/relay/passwordCheck/{OPERATION}``.

Features register operations with ``config.add_relay_operation`` and describe each on its own
path in an OpenAPI fragment. One dispatcher looks the operation up, checks its method and its
login requirement, validates the request against the operation's description, checks the
payment password where the operation needs it, then calls it.
"""

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from pyramid.exceptions import ConfigurationError

from tessera.core.encodings import answer_shared
from tessera.core.envelope import ApiError
from tessera.core.refusals import keeping_traces
from tessera.openapi import BUILD_ORDER, validate_request
from tessera.relay.interfaces import IPasswordCheck

PUBLIC = "public"
TOKEN = "token"
METHODS = ("GET", "POST")


@dataclass(frozen=True)
class RelayOperation:
    name: str
    handler: Callable
    auth: str = PUBLIC
    password_check: bool = False
    methods: tuple[str, ...] = ("POST",)
    region_check: str | None = None  # as the view option (system/access.py); by default by the method
    # Its answer is the same for every visitor who asks alike (a public list: no member's data, no
    # session), so a visitor's answer is compressed though the call is a POST (core/encodings.py).
    shared_answer: bool = False

    @property
    def path(self) -> str:
        return f"/wps/relay/passwordCheck/{self.name}" if self.password_check else f"/wps/relay/{self.name}"


def add_relay_operation(
    config, name, handler, auth=PUBLIC, password_check=False, methods=("POST",), region_check=None, shared_answer=False
):
    """Register relay operation ``name``: ``handler(request)`` returns the envelope's value.
    ``region_check``: whether a blocked region is refused, as the view option of that name says;
    ``shared_answer``: a public operation whose answer any visitor asking alike is given."""
    if auth not in (PUBLIC, TOKEN):
        raise ValueError(f"relay operation {name}: auth must be '{PUBLIC}' or '{TOKEN}'")
    methods = tuple(m.upper() for m in methods)
    if not methods or set(methods) - set(METHODS):
        raise ValueError(f"relay operation {name}: methods must be among {', '.join(METHODS)}")
    handler = config.maybe_dotted(handler)
    if shared_answer and (auth != PUBLIC or password_check):
        raise ValueError(f"relay operation {name}: only a public operation's answer is shared")
    operation = RelayOperation(name, handler, auth, password_check, methods, region_check, shared_answer)

    def register():
        config.registry.setdefault("relay_operations", {})[name] = operation

    def check_described():
        described = config.registry["openapi_spec"]["paths"].get(operation.path, {})
        missing = [m for m in methods if m.lower() not in described]
        if missing:
            raise ConfigurationError(
                f"relay operation {name}: {operation.path} is not described for {', '.join(missing)}"
            )

    config.action(("tessera.relay", name), register)
    config.action(None, check_described, order=BUILD_ORDER + 1)


def called_operation(request) -> RelayOperation | None:
    return request.registry.get("relay_operations", {}).get(request.matchdict["operation"])


def region_check(request) -> str | None:
    """The region check of the operation called (an unknown one is checked by the method)."""
    operation = called_operation(request)
    return operation.region_check if operation else None


def dispatch(request):
    name = request.matchdict["operation"]
    operation = called_operation(request)
    through_check = request.matched_route.name == "relay.password_check"
    if operation is None or operation.password_check != through_check:
        raise ApiError(404, "unknown_operation", operation=name)
    if ("GET" if request.method == "HEAD" else request.method) not in operation.methods:
        raise ApiError(
            405, "method_not_allowed", method=request.method, headers={"Allow": ", ".join(operation.methods)}
        )
    if operation.auth == TOKEN and request.authenticated_userid is None:
        raise ApiError(401, "not_logged_in")
    validate_request(request)
    if operation.password_check:
        checker = request.registry.queryUtility(IPasswordCheck)
        if checker is None or not checker(request):
            raise ApiError(403, "password_check_failed")
    if operation.shared_answer:
        answer_shared(request)
    return operation.handler(request)


def includeme(config):
    config.add_directive("add_relay_operation", add_relay_operation)
    config.add_route("relay.password_check", "/wps/relay/passwordCheck/{operation}")
    config.add_route("relay", "/wps/relay/{operation}")
    for route in ("relay", "relay.password_check"):
        # A refusal that must leave its traces (a wrong payment password counted) is answered, not raised.
        config.add_view(
            dispatch,
            route_name=route,
            request_method=METHODS,
            renderer="api",
            decorator=keeping_traces,
            region_check=region_check,
        )
    config.add_openapi(str(Path(__file__).parent / "openapi.yaml"))
