"""Verification codes: numbers in E.164, codes kept as keyed hashes, single use, expiring, burnt
after 5 wrong tries, the newest only, one brand's only, and one winner when two use a code at once."""

import threading
import uuid
from datetime import timedelta

import pytest
from pyramid import testing
from sqlalchemy import delete, select
from sqlalchemy.orm import Session

from tessera.core.db import ALL_TENANTS, operator_session, scope_connection
from tessera.core.envelope import ApiError
from tessera.core.timeutil import utcnow
from tessera.identity.accounts.models import AuditEvent
from tessera.identity.verification.models import VerificationCode
from tessera.identity.verification.services import (
    CODE_DIGITS,
    MAX_TRIES,
    code_digest,
    consume_code,
    e164,
    new_code,
)

PHONE = "+8801712345678"
CODE = "0123456"


@pytest.mark.parametrize(
    "dialing, mobile, expected",
    [
        ("880", "1712345678", "+8801712345678"),
        ("+880", "01712345678", "+8801712345678"),
        ("00880", "017-1234-5678", "+8801712345678"),
        ("+63", "0917 123 4567", "+639171234567"),
        ("63", "(0917) 123.4567", "+639171234567"),
        ("1", "2125551234", "+12125551234"),
        ("+39", "0612345678", "+390612345678"),  # Italy keeps its leading 0
    ],
)
def test_numbers_are_written_in_e164(dialing, mobile, expected):
    assert e164(dialing, mobile) == expected


@pytest.mark.parametrize(
    "dialing, mobile",
    [
        ("880", "17123abc"),
        ("0", "1712345678"),
        ("+0880", "1712345678"),
        ("12345", "1712345678"),
        ("880", "123"),
        ("880", "0000000"),
        ("880", "1" * 13),
        ("880", ""),
        (None, "1712345678"),
        ("880", None),
        ("880", "+8801712345678"),
        ("1", "23456"),  # 6 digits in all: no sender takes it
    ],
)
def test_what_is_not_a_number_is_refused(dialing, mobile):
    with pytest.raises(ApiError) as refused:
        e164(dialing, mobile)
    assert (refused.value.status, refused.value.code) == (400, "invalid_mobile")


def test_codes_are_7_random_digits():
    codes = [new_code() for _ in range(2000)]
    assert all(len(c) == CODE_DIGITS and c.isdigit() for c in codes)
    assert len(set(codes)) > 1990
    assert any(c.startswith("0") for c in codes)  # leading zeros are kept


def test_the_hash_is_keyed_by_the_servers_secret():
    digest = code_digest(b"one", "forgot", PHONE, CODE)
    assert len(digest) == 64 and CODE not in digest
    assert digest != code_digest(b"two", "forgot", PHONE, CODE)
    assert digest != code_digest(b"one", "login", PHONE, CODE)
    assert digest != code_digest(b"one", "forgot", "+8801700000000", CODE)


@pytest.fixture
def secret(settings):
    with testing.testConfig(settings={"tessera": settings}):
        yield settings.secret_key.encode()


@pytest.fixture
def brand_session(connection, tenant_ids):
    """A session scoped to a brand, as a request's is."""
    opened = []

    def make(slug: str) -> Session:
        session = Session(bind=connection, join_transaction_mode="create_savepoint")
        session.info["tenant_id"] = tenant_ids[slug]
        opened.append(session)
        return session

    yield make
    for session in reversed(opened):  # each holds a savepoint inside the one opened before it
        session.close()


@pytest.fixture
def bd(brand_session):
    return brand_session("demo-bd")


@pytest.fixture
def at():
    return utcnow()


def send(db, secret, at, code=CODE, purpose="forgot", phone=PHONE, minutes=5, tenant_id=None):
    db.add(
        VerificationCode(
            tenant_id=tenant_id,
            purpose=purpose,
            phone=phone,
            code_hash=code_digest(secret, purpose, phone, code),
            expires_at=at + timedelta(minutes=minutes),
            attempts=0,
            created_at=at,
            ip="203.0.113.9",
        )
    )
    db.flush()


def test_a_code_works_once(bd, secret, at):
    send(bd, secret, at)
    assert consume_code(bd, "forgot", PHONE, CODE, at) is True
    assert consume_code(bd, "forgot", PHONE, CODE, at) is False
    kinds = bd.scalars(select(AuditEvent.kind).order_by(AuditEvent.id)).all()
    assert kinds == ["verification_used", "verification_failed"]


def test_the_code_may_come_with_spaces_around_it(bd, secret, at):
    send(bd, secret, at)
    assert consume_code(bd, "forgot", PHONE, f" {CODE}\n", at) is True


def test_a_code_expires(bd, secret, at):
    send(bd, secret, at)
    assert consume_code(bd, "forgot", PHONE, CODE, at + timedelta(minutes=5)) is False
    assert consume_code(bd, "forgot", PHONE, CODE, at + timedelta(minutes=4, seconds=59)) is True


def test_five_wrong_tries_burn_a_code(bd, secret, at):
    send(bd, secret, at)
    for _ in range(MAX_TRIES - 1):
        assert consume_code(bd, "forgot", PHONE, "7654321", at) is False
    assert consume_code(bd, "forgot", PHONE, CODE, at) is True  # the fifth try may still be right

    send(bd, secret, at, code="1111111")
    for _ in range(MAX_TRIES):
        consume_code(bd, "forgot", PHONE, "7654321", at)
    assert consume_code(bd, "forgot", PHONE, "1111111", at) is False
    assert bd.scalars(select(VerificationCode.attempts).order_by(VerificationCode.id)).all() == [MAX_TRIES, MAX_TRIES]


def test_whatever_is_sent_as_a_code_counts_as_a_try(bd, secret, at):
    send(bd, secret, at)
    for wrong in (None, 1234567, "", "x" * 255):
        assert consume_code(bd, "forgot", PHONE, wrong, at) is False
    assert bd.scalar(select(VerificationCode.attempts)) == 4


def test_only_the_newest_code_counts(bd, secret, at):
    send(bd, secret, at, code="1111111")
    send(bd, secret, at + timedelta(minutes=1), code="2222222")
    assert consume_code(bd, "forgot", PHONE, "1111111", at + timedelta(minutes=1)) is False
    assert consume_code(bd, "forgot", PHONE, "2222222", at + timedelta(minutes=1)) is True


def test_a_code_is_for_one_purpose_and_one_number(bd, secret, at):
    send(bd, secret, at)
    assert consume_code(bd, "login", PHONE, CODE, at) is False
    assert consume_code(bd, "forgot", "+8801700000000", CODE, at) is False
    assert consume_code(bd, "forgot", PHONE, CODE, at) is True


def test_a_code_is_one_brands(brand_session, bd, secret, at):
    send(bd, secret, at)
    assert consume_code(brand_session("demo-ph"), "forgot", PHONE, CODE, at) is False
    assert bd.scalar(select(VerificationCode.attempts)) == 0
    assert consume_code(bd, "forgot", PHONE, CODE, at) is True


def test_codes_are_checked_inside_a_request(bd, at):
    bd.add(
        VerificationCode(
            purpose="forgot",
            phone=PHONE,
            code_hash="0" * 64,
            expires_at=at + timedelta(minutes=5),
            attempts=0,
            created_at=at,
        )
    )
    bd.flush()
    with pytest.raises(RuntimeError):
        consume_code(bd, "forgot", PHONE, CODE, at)


class TestConcurrentUse:
    """Two transactions using one code at the same moment, on PostgreSQL: exactly one gets it.
    (On SQLite the app's requests write first, which serializes them: see test_password_recovery.)"""

    @pytest.fixture
    def committed_code(self, engine, settings, tenant_ids):
        if engine.dialect.name != "postgresql":
            pytest.skip("row locks are PostgreSQL's")
        phone = f"+88017{uuid.uuid4().int % 10**8:08d}"
        with operator_session(engine) as db:
            send(db, settings.secret_key.encode(), utcnow(), phone=phone, tenant_id=tenant_ids["demo-bd"])
        yield phone
        with operator_session(engine, ALL_TENANTS) as db:
            db.execute(delete(AuditEvent))
            db.execute(delete(VerificationCode).where(VerificationCode.phone == phone))

    def test_one_wins(self, engine, settings, tenant_ids, committed_code):
        start, results = threading.Barrier(2), []

        def use():
            with testing.testConfig(settings={"tessera": settings}), Session(engine) as db:
                scope_connection(db, tenant_ids["demo-bd"])
                start.wait()
                results.append(consume_code(db, "forgot", committed_code, CODE, utcnow()))
                db.commit()

        threads = [threading.Thread(target=use) for _ in range(2)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=30)
        assert sorted(results) == [False, True]
