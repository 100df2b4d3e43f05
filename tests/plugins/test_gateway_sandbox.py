"""The development gateway sandbox end to end: an order from the ``signed-gateway`` plugin, the
checkout page, the member paying or cancelling by form post, the signed notification a local
merchant endpoint receives (and the plugin accepts), its retries, and the sandbox process."""

import ipaddress
import json
import os
import signal
import subprocess
import sys
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.error import HTTPError
from urllib.parse import urlencode
from urllib.request import HTTPRedirectHandler, Request, build_opener, urlopen

import pytest
from tessera_sandboxes.signed_gateway.local import Reply, Sandbox, WsgiServer
from tessera_sandboxes.signed_gateway.server import make_app

from tessera.plugins import TenantPlugins, plugin_manager
from tessera.plugins.kit.contract import brand
from tessera.plugins.kit.local_http import closed_port
from tessera_plugins.signed_gateway.protocol import SIGNATURE_HEADER, read_gateway_message, sign, stamp

NAME, START, WEBHOOK, QUERY = (
    "signed-gateway",
    "tessera_payment_start",
    "tessera_payment_webhook",
    "tessera_payment_query",
)
ROOT = Path(__file__).resolve().parents[2]
RETRIES = (0.2, 0.2, 0.2)


class _NoRedirect(HTTPRedirectHandler):
    def redirect_request(self, *args):
        return None  # the test reads the 303 itself


browser = build_opener(_NoRedirect)


@pytest.fixture
def sandbox():
    sandbox = Sandbox(retry_delays=RETRIES)
    yield sandbox
    sandbox.close()


@pytest.fixture
def merchant(scripted):
    """The merchant's notification endpoint."""
    return scripted


@pytest.fixture
def settings(gateway_settings):
    return gateway_settings


def plugins(settings) -> TenantPlugins:
    return TenantPlugins(plugin_manager(), brand({NAME: settings}, currency="BDT"))


def checkout(settings, notify_url: str, deposit_id="12", amount="750.25") -> str:
    """Starts a deposit; the checkout URL the member is sent to."""
    deposit = {
        "depositId": deposit_id,
        "amount": amount,
        "currency": "BDT",
        "notifyUrl": notify_url,
        "returnUrl": f"https://demo-bd.example/?memberCentre=depositv2&deposit={deposit_id}",
        "member": {"id": 3, "username": "player3"},
    }
    return plugins(settings).call(NAME, START, channel="bkash", deposit=deposit)["redirectUrl"]


def press(url: str, action: str) -> tuple[int, str | None]:
    """The member's browser submitting the checkout form with the button ``action``: the status
    and the Location it is sent to."""
    try:
        answer = browser.open(Request(url, data=urlencode({"action": action}).encode(), method="POST"), timeout=10)
    except HTTPError as refused:  # a 3xx not followed, or a refusal
        answer = refused
    with answer:
        answer.read()
        return answer.status, answer.headers["Location"]


def read(settings, received):
    return plugins(settings).call(NAME, WEBHOOK, channel="bkash", headers=received.headers, body=received.body)


class Page(HTMLParser):
    """What a checkout page shows: its text, forms and buttons, scripts."""

    def __init__(self, html: str):
        super().__init__()
        self.text, self.forms, self.buttons, self.scripts, self.lang = [], [], [], 0, None
        self._button = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "html":
            self.lang = attrs.get("lang")
        elif tag == "form":
            self.forms.append(attrs)
        elif tag == "script":
            self.scripts += 1
        elif tag == "button":
            self._button = {**attrs, "label": "", "in_form": bool(self.forms)}

    def handle_endtag(self, tag):
        if tag == "button" and self._button is not None:
            self.buttons.append(self._button)
            self._button = None

    def handle_data(self, data):
        self.text.append(data)
        if self._button is not None:
            self._button["label"] += data


# -- Paying and cancelling -------------------------------------------------------------------


def test_the_checkout_page_shows_the_order_and_works_without_javascript(settings, merchant):
    with urlopen(checkout(settings, f"{merchant.origin}/notify"), timeout=10) as answer:
        assert answer.headers.get_content_type() == "text/html"
        page = Page(answer.read().decode())
    text = " ".join(page.text)
    assert settings["merchant_id"] in text and "750.25 BDT" in text and "bkash" in text
    assert page.lang == "en" and page.scripts == 0
    assert [f.get("method") for f in page.forms] == ["post"]
    assert [(b["name"], b["value"], b["type"], b["in_form"]) for b in page.buttons] == [
        ("action", "pay", "submit", True),
        ("action", "cancel", "submit", True),
    ]
    assert [b["label"] for b in page.buttons] == ["Pay 750.25 BDT", "Cancel payment"]


def test_paying_notifies_the_merchant_then_returns_the_member(sandbox, settings, merchant):
    url = checkout(settings, f"{merchant.origin}/wps/payments/webhook/signed-gateway/bkash")
    assert press(url, "pay") == (303, "https://demo-bd.example/?memberCentre=depositv2&deposit=12")
    [received] = merchant.requests  # sent before the member is sent back
    assert (received.method, received.path) == ("POST", "/wps/payments/webhook/signed-gateway/bkash")
    [order] = sandbox.gateway.orders.values()
    assert read(settings, received) == {
        "depositId": "12",
        "status": "paid",
        "amount": "750.25",
        "reference": order["reference"],
    }
    assert plugins(settings).call(NAME, QUERY, channel="bkash", deposit_id="12")["status"] == "paid"
    with urlopen(url, timeout=10) as page:
        assert "Paid." in " ".join(Page(page.read().decode()).text)


def test_cancelling_notifies_a_failed_payment(settings, merchant):
    url = checkout(settings, f"{merchant.origin}/notify")
    assert press(url, "cancel")[0] == 303
    [received] = merchant.requests
    assert read(settings, received)["status"] == "failed"


def test_a_finished_order_cannot_be_paid_again(sandbox, settings, merchant):
    url = checkout(settings, f"{merchant.origin}/notify")
    press(url, "cancel")
    status, location = press(url, "pay")
    assert status == 303 and location.startswith("https://demo-bd.example/")
    assert [o["status"] for o in sandbox.gateway.orders.values()] == ["failed"]
    assert len(merchant.requests) == 1


def test_a_form_without_a_known_action_changes_nothing(sandbox, settings, merchant):
    url = checkout(settings, f"{merchant.origin}/notify")
    assert press(url, "refund")[0] == 400
    assert [o["status"] for o in sandbox.gateway.orders.values()] == ["pending"] and merchant.requests == []


def test_an_unknown_checkout_is_not_found(sandbox):
    assert press(f"{sandbox.gateway_url}/pay/GW0000", "pay")[0] == 404


# -- Notifications sent again ----------------------------------------------------------------


def test_a_notification_refused_by_the_merchant_is_sent_again_signed_afresh(sandbox, settings, merchant):
    merchant.reply(Reply(500, b'{"success": false}'))
    url = checkout(settings, f"{merchant.origin}/notify")
    assert press(url, "pay")[0] == 303  # the member is not kept waiting for the retries
    first, second = merchant.wait_for(2)
    assert read(settings, second)["status"] == "paid"
    assert first.headers["X-Nonce"] != second.headers["X-Nonce"]
    assert first.headers["X-Signature"] != second.headers["X-Signature"]
    time.sleep(sum(RETRIES))  # nothing more once the merchant took it
    [order] = sandbox.gateway.orders.values()
    assert [n["outcome"] for n in order["notifications"]] == [500, 200] and len(merchant.requests) == 2


def test_a_merchant_that_cannot_be_reached_is_tried_a_few_times(sandbox, settings):
    url = checkout(settings, f"http://127.0.0.1:{closed_port()}/notify")
    assert press(url, "pay")[0] == 303
    [order] = sandbox.gateway.orders.values()
    deadline = time.monotonic() + 10
    while len(order["notifications"]) < 1 + len(RETRIES) and time.monotonic() < deadline:
        time.sleep(0.05)
    time.sleep(0.3)
    assert len(order["notifications"]) == 1 + len(RETRIES)
    assert all(isinstance(n["outcome"], str) for n in order["notifications"])  # what went wrong, no status


def test_a_localhost_notify_url_is_reached_on_loopback_with_its_host_kept(settings, merchant):
    port = merchant.origin.rsplit(":", 1)[1]
    url = checkout(settings, f"http://demo-bd.localhost:{port}/wps/payments/webhook/signed-gateway/bkash")
    press(url, "pay")
    [received] = merchant.requests
    assert received.headers["Host"] == f"demo-bd.localhost:{port}"
    assert read(settings, received)["status"] == "paid"


# -- The merchant API ------------------------------------------------------------------------


def order(settings, **changes) -> dict:
    return {
        "merchant_id": settings["merchant_id"],
        "order_id": "90",
        "channel": "bkash",
        "amount": "10.00",
        "currency": "BDT",
        "notify_url": "https://m.example/n",
        "return_url": "https://m.example/r",
        **stamp(),
        **changes,
    }


def call_api(settings, fields, signature=None, path="/api/orders", method="POST"):
    body = json.dumps(fields).encode() if method == "POST" else None
    request = Request(
        f"{settings['base_url']}{path}",
        data=body,
        method=method,
        headers={SIGNATURE_HEADER: signature if signature is not None else sign(settings["secret"], fields)},
    )
    try:
        with urlopen(request, timeout=10) as answer:
            return answer.status, dict(answer.headers.items()), answer.read()
    except HTTPError as refused:
        with refused:
            return refused.code, dict(refused.headers.items()), refused.read()


def test_an_order_answer_is_signed_by_the_gateway(settings):
    status, headers, body = call_api(settings, order(settings))
    verdict, fields = read_gateway_message(settings["secret"], headers, body)
    assert (status, verdict, fields["order_id"], fields["status"]) == (201, "ok", "90", "pending")


@pytest.mark.parametrize(
    "case, expected",
    [
        ("stale", "timestamp_stale"),
        ("replayed", "nonce_reused"),
        ("wrong-signature", "signature_invalid"),
        ("changed-after-signing", "signature_invalid"),
        ("unknown-merchant", "merchant_unknown"),
    ],
)
def test_the_gateway_refuses_an_order_it_cannot_trust(sandbox, settings, case, expected):
    fields = order(settings)
    signature = sign(settings["secret"], fields)
    if case == "stale":
        fields = order(settings, timestamp=str(int(time.time()) - 3600))
        signature = sign(settings["secret"], fields)
    elif case == "replayed":
        assert call_api(settings, fields, signature)[0] == 201
    elif case == "wrong-signature":
        signature = sign("not-the-secret", fields)
    elif case == "changed-after-signing":
        fields = {**fields, "amount": "99999.00"}
    else:
        fields = order(settings, merchant_id="nobody")
    status, _, body = call_api(settings, fields, signature)
    assert (status, json.loads(body)) == (401, {"error": expected})
    assert len(sandbox.gateway.orders) == (1 if case == "replayed" else 0)


@pytest.mark.parametrize(
    "changes",
    [{"amount": "0.00"}, {"amount": "1.234"}, {"currency": "bdt"}, {"notify_url": "ftp://m.example"}, {"order_id": ""}],
)
def test_the_gateway_refuses_an_invalid_order(sandbox, settings, changes):
    assert call_api(settings, order(settings, **changes))[0] == 400
    fields = order(settings)
    del fields["return_url"]
    assert call_api(settings, fields)[0] == 400
    assert sandbox.gateway.orders == {}


def test_a_query_must_be_signed(settings):
    call_api(settings, order(settings))
    query = {"merchant_id": settings["merchant_id"], **stamp()}
    path = f"/api/orders/90?{urlencode(query)}"
    assert call_api(settings, query, sign(settings["secret"], {**query, "order_id": "91"}), path, "GET")[0] == 401
    status, headers, body = call_api(
        settings, query, sign(settings["secret"], {**query, "order_id": "90"}), path, "GET"
    )
    assert status == 200 and read_gateway_message(settings["secret"], headers, body)[1]["status"] == "pending"


def test_orders_are_kept_in_the_state_directory(tmp_path, settings, merchant):
    first = make_app({settings["merchant_id"]: settings["secret"]}, tmp_path)
    server = WsgiServer(first)
    try:
        kept = {**settings, "base_url": server.origin}
        url = checkout(kept, f"{merchant.origin}/notify")
    finally:
        server.close()
    again = make_app({settings["merchant_id"]: settings["secret"]}, tmp_path)
    assert [(o["order_id"], o["amount"], o["status"]) for o in again.orders.values()] == [("12", "750.25", "pending")]
    assert url.endswith(f"/pay/{next(iter(again.orders))}")


# -- The sandbox process ---------------------------------------------------------------------


def test_the_sandbox_serves_the_vendor_under_its_prefix(settings):
    pytest.importorskip("tessera_sandboxes.transfer_vendor.server")
    from tessera_sandboxes.server import make_app as make_sandbox

    server = WsgiServer(make_sandbox({"DEMO_BD_GATEWAY_SECRET": "bd-secret", "DEMO_VENDOR_SECRET": "v"}))
    try:
        bd = {**settings, "base_url": f"{server.origin}/gateway", "merchant_id": "demo-bd", "secret": "bd-secret"}
        assert call_api(bd, order(bd))[0] == 201
        assert (
            call_api({**bd, "merchant_id": "demo-ph"}, order(bd, merchant_id="demo-ph"))[0] == 401
        )  # its secret is unset
        # The vendor sees its own paths: an unsigned balance call is refused, not unknown.
        assert (
            call_api({"base_url": f"{server.origin}/vendor", "secret": "v"}, {}, "", "/wallet/balance?player=p", "GET")[
                0
            ]
            == 401
        )
        assert call_api({"base_url": server.origin, "secret": "v"}, {}, "", "/elsewhere", "GET")[0] == 404
    finally:
        server.close()


def listening_addresses(port: int) -> set[str]:
    """The IPv4 and IPv6 addresses a socket listens on at ``port``, from Linux's /proc/net/tcp*."""
    found = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            local, state = line.split()[1], line.split()[3]
            address, local_port = local.split(":")
            if state == "0A" and int(local_port, 16) == port:  # 0A: LISTEN
                packed = bytes.fromhex(address)
                words = b"".join(
                    packed[i : i + 4][::-1] for i in range(0, len(packed), 4)
                )  # each 32-bit word is little-endian
                found.add(str(ipaddress.ip_address(words)))
    return found


def test_the_sandbox_process_binds_loopback_and_stops_on_sigterm():
    pytest.importorskip("tessera_sandboxes.transfer_vendor.server")
    port = closed_port()
    environ = {
        **os.environ,
        "DEMO_BD_GATEWAY_SECRET": "bd-secret",
        "DEMO_PH_GATEWAY_SECRET": "ph-secret",
        "PYTHONPATH": str(ROOT / "dev"),
    }  # the sandboxes are not installed: make run puts dev/ on the path
    process = subprocess.Popen(
        [sys.executable, "-m", "tessera_sandboxes", "--port", str(port)],
        cwd=ROOT,
        env=environ,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        settings = {"base_url": f"http://127.0.0.1:{port}/gateway", "merchant_id": "demo-ph", "secret": "ph-secret"}
        deadline = time.monotonic() + 20
        while True:
            try:
                assert call_api(settings, order(settings, currency="PHP"))[0] == 201
                break
            except OSError:
                assert time.monotonic() < deadline and process.poll() is None, process.stderr.read().decode()
                time.sleep(0.1)
        assert listening_addresses(port) == {"127.0.0.1"}
        process.send_signal(signal.SIGTERM)
        assert process.wait(timeout=10) == 0
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stderr.close()
