"""The kit's contract suites on the test database: the captcha contract's one-time stores are demo-bd's
and demo-ph's (on PostgreSQL when the suite runs there)."""

import pytest

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
