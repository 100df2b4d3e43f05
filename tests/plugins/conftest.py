"""The plugin tests' fixtures: the kit's contract suites on the test database (the captcha
contract's one-time stores are demo-bd's and demo-ph's, on PostgreSQL when the suite runs there),
and the signed gateway's scripted servers and merchant settings."""

import pytest
from tessera_sandboxes.signed_gateway.local import Scripted

from tessera.core.onetime import OneTimeStore
from tessera.plugins.kit import Clock


@pytest.fixture
def store_clock():
    return Clock()


@pytest.fixture
def stores(db_session, tenant_ids, store_clock) -> dict[str, OneTimeStore]:
    """demo-bd's and demo-ph's one-time stores."""
    return {slug: OneTimeStore(db_session, tenant_ids[slug], store_clock) for slug in ("demo-bd", "demo-ph")}


@pytest.fixture
def contract_clock(store_clock):
    return store_clock


@pytest.fixture
def contract_stores(stores) -> dict[str, OneTimeStore]:
    return {"brand": stores["demo-bd"], "other-brand": stores["demo-ph"]}


@pytest.fixture
def scripted():
    """A local server answering as the test scripts it: a merchant's endpoint, or a gateway."""
    server = Scripted()
    yield server
    server.close()


@pytest.fixture
def gateway_settings(sandbox):
    """signed-gateway settings for a merchant of its own on the gateway ``sandbox`` of the test file."""
    merchant_id, secret = sandbox.open_merchant()
    return {
        "base_url": sandbox.gateway_url,
        "merchant_id": merchant_id,
        "secret": secret,
        "timeout_seconds": 2,
        "channels": [{"channel": "bkash", "title": "bKash", "min": "100", "max": "25000"}],
    }
