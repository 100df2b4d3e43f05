"""The one-time store: single use, expiring, one brand's values only, one winner of a race."""

import threading
import uuid
from datetime import timedelta

import pytest
from sqlalchemy import delete

from factories import Clock
from tessera.core.db import ALL_TENANTS, operator_session, scope_connection
from tessera.core.onetime import OneTimeStore, OneTimeValue
from tessera.core.timeutil import utcnow

TTL = timedelta(minutes=5)


@pytest.fixture
def store_clock():
    return Clock()


@pytest.fixture
def stores(db_session, tenant_ids, store_clock):
    return {slug: OneTimeStore(db_session, tenant_ids[slug], store_clock) for slug in ("demo-bd", "demo-ph")}


def test_a_value_is_taken_once(stores):
    stores["demo-bd"].put("captcha:a", "answer", TTL)
    assert stores["demo-bd"].take("captcha:a") == "answer"
    assert stores["demo-bd"].take("captcha:a") is None


def test_a_value_past_its_time_is_gone(stores, store_clock):
    stores["demo-bd"].put("captcha:late", "answer", TTL)
    store_clock.now += TTL
    assert stores["demo-bd"].take("captcha:late") is None


def test_putting_a_key_again_replaces_its_value(stores):
    stores["demo-bd"].put("token:x", "first", TTL)
    stores["demo-bd"].put("token:x", "second", TTL)
    assert stores["demo-bd"].take("token:x") == "second"


def test_one_brand_cannot_take_another_brands_value(stores):
    stores["demo-bd"].put("captcha:shared-name", "bd", TTL)
    assert stores["demo-ph"].take("captcha:shared-name") is None
    stores["demo-ph"].put("captcha:shared-name", "ph", TTL)
    assert stores["demo-bd"].take("captcha:shared-name") == "bd"
    assert stores["demo-ph"].take("captcha:shared-name") == "ph"


def test_expired_values_are_swept_when_new_ones_arrive(stores, store_clock, db_session):
    stores["demo-bd"].put("old", "v", TTL)
    store_clock.now += TTL * 2
    stores["demo-bd"].put("new", "v", TTL)
    assert [v.key for v in db_session.query(OneTimeValue).filter_by(tenant_id=stores["demo-bd"].tenant_id)] == ["new"]


@pytest.mark.parametrize("key", ["", None, 7, "k" * 129], ids=repr)
def test_a_key_that_cannot_exist_is_not_found(stores, key):
    assert stores["demo-bd"].take(key) is None


def test_an_over_long_value_is_refused(stores):
    with pytest.raises(ValueError):
        stores["demo-bd"].put("k", "v" * 513, TTL)


def test_of_two_simultaneous_takes_only_one_gets_the_value(engine, tenant_ids):
    """Two transactions on their own connections race for one key: one value, never two."""
    tenant_id, key = tenant_ids["demo-bd"], f"race:{uuid.uuid4().hex}"
    with operator_session(engine) as db:
        OneTimeStore(db, tenant_id, utcnow).put(key, "prize", TTL)
    start, taken, errors = threading.Barrier(2), [], []

    def take():
        try:
            with operator_session(engine, tenant_id) as db:
                scope_connection(db, tenant_id)
                start.wait(10)
                taken.append(OneTimeStore(db, tenant_id, utcnow).take(key))
        except Exception as exc:  # a serialization failure is a loss too, never a second winner
            errors.append(exc)

    threads = [threading.Thread(target=take) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    try:
        assert taken.count("prize") == 1, (taken, errors)
    finally:
        with operator_session(engine, ALL_TENANTS) as db:
            db.execute(delete(OneTimeValue).where(OneTimeValue.key == key))
