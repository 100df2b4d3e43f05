import pytest
from sqlalchemy import event, func, literal, select

from tessera.core.db import ALL_TENANTS, TenantScopeError
from tessera.wallet.ledger.models import HOUSE_SHARDS, LedgerAccount, LedgerPosting, LedgerTransaction
from tessera.wallet.ledger.services import (
    NO_MEMBER_SHARD,
    IdempotencyConflict,
    InsufficientFunds,
    Ledger,
    Leg,
    fingerprint,
    house_code,
    house_code_of,
    house_shard,
    main_code_of,
    member_code,
)


@pytest.fixture
def ledger(db_session, tenant_ids):
    return Ledger(db_session, tenant_ids["demo-bd"])


def deposit(ledger, member_id, minor, key):
    main = ledger.member_account(member_id)
    return ledger.post(
        key,
        "deposit",
        [Leg(ledger.house_account("deposits_clearing", member_id), -minor), Leg(main, minor)],
        member_id=member_id,
        reference=key,
    )


def test_a_deposit_moves_money_from_the_house_to_the_member(ledger, members):
    member = members()
    txn = deposit(ledger, member.id, 1050, "deposit:1")
    main = ledger.member_account(member.id)
    assert ledger.balance(main) == 1050
    assert ledger.balance(ledger.house_account("deposits_clearing", member.id)) == -1050
    assert sorted(p.amount_minor for p in txn.postings) == [-1050, 1050]
    assert {p.account_id: p.balance_after_minor for p in txn.postings}[main.id] == 1050


def test_a_replay_answers_the_first_transaction_and_posts_nothing(ledger, members, db_session):
    member = members()
    first = deposit(ledger, member.id, 500, "deposit:2")
    assert not first.replayed
    again = deposit(ledger, member.id, 500, "deposit:2")
    assert again.id == first.id and again.replayed
    assert ledger.balance(ledger.member_account(member.id)) == 500
    assert (
        db_session.scalar(
            select(func.count()).select_from(LedgerPosting).where(LedgerPosting.transaction_id == first.id)
        )
        == 2
    )


def test_a_replay_with_other_fields_is_refused(ledger, members):
    member = members()
    deposit(ledger, member.id, 500, "deposit:3")
    with pytest.raises(IdempotencyConflict) as refusal:
        deposit(ledger, member.id, 501, "deposit:3")
    assert (refusal.value.status, refusal.value.code) == (409, "idempotency_conflict")
    assert ledger.balance(ledger.member_account(member.id)) == 500


def test_a_member_account_never_goes_negative_and_nothing_is_posted(ledger, members, db_session):
    member = members()
    deposit(ledger, member.id, 1000, "deposit:4")
    main = ledger.member_account(member.id)
    payable = ledger.house_account("withdrawals_payable", member.id)
    count = lambda model: db_session.scalar(select(func.count()).select_from(model))  # noqa: E731
    before = count(LedgerTransaction), count(LedgerPosting)
    with pytest.raises(InsufficientFunds) as refusal:
        ledger.post("withdrawal:1", "withdrawal", [Leg(payable, 1001), Leg(main, -1001)], member_id=member.id)
    assert refusal.value.code == "insufficient_funds"
    assert ledger.balance(main) == 1000
    assert ledger.balance(payable) == 0
    assert (count(LedgerTransaction), count(LedgerPosting)) == before  # the payable's leg neither
    assert ledger.find("withdrawal:1") is None
    # The whole balance may go.
    ledger.post("withdrawal:2", "withdrawal", [Leg(payable, 1000), Leg(main, -1000)], member_id=member.id)
    assert ledger.balance(main) == 0


@pytest.mark.parametrize("amounts", [[], [100, -99], [0, 0], [100, -100.0]])
def test_transactions_that_do_not_balance_are_not_posted(ledger, members, amounts):
    member = members()
    accounts = [ledger.member_account(member.id), ledger.house_account("bonuses", member.id)]
    with pytest.raises(ValueError):
        ledger.post(
            "bad", "adjustment", [Leg(a, n) for a, n in zip(accounts, amounts, strict=True)], member_id=member.id
        )
    assert ledger.find("bad") is None


def test_accounts_are_made_once_and_by_kind(ledger, members):
    member = members()
    assert ledger.member_account(member.id).id == ledger.member_account(member.id).id
    vendor = ledger.member_account(member.id, "vendor", "TWV")
    assert vendor.code == f"member:{member.id}:vendor:TWV"
    assert vendor.id != ledger.member_account(member.id, "points").id
    assert ledger.house_account("bonuses", member.id).allow_negative
    assert not vendor.allow_negative
    for wrong in (("vendor", None), ("main", "TWV"), ("cash", None)):
        with pytest.raises(ValueError):
            ledger.member_account(member.id, *wrong)
    with pytest.raises(ValueError):
        ledger.house_account("petty_cash", member.id)


def test_a_member_balance_is_read_without_making_the_account(ledger, members, db_session):
    member = members()
    assert ledger.member_balance(member.id) == 0
    assert ledger.existing_account(f"member:{member.id}:main") is None
    deposit(ledger, member.id, 250, "deposit:read")
    assert ledger.member_balance(member.id) == 250
    assert ledger.member_balance(member.id, "vendor", "TWV") == 0


def test_the_first_account_look_up_also_reads_the_members_house_shards(ledger, members, db_session):
    member = members()
    deposit(ledger, member.id, 300, "deposit:houses")
    fresh = Ledger(db_session, ledger.tenant_id)
    statements = []
    listen = lambda *args: statements.append(args[2])  # noqa: E731
    engine = db_session.get_bind().engine
    event.listen(engine, "before_cursor_execute", listen)
    try:
        main = fresh.member_account(member.id)
        clearing = fresh.house_account("deposits_clearing", member.id)
        assert fresh.member_account(member.id) is main
    finally:
        event.remove(engine, "before_cursor_execute", listen)
    assert len(statements) == 1
    assert (fresh.balance(main), fresh.balance(clearing)) == (300, -300)


@pytest.mark.parametrize("member_id", [1, 7, 15, 16, 31, 12345])
def test_account_codes_in_sql_are_the_codes(db_session, member_id):
    """The SQL forms of the codes a query joins accounts by spell what the ledger names them."""
    main, house = db_session.execute(
        select(main_code_of(literal(member_id)), house_code_of("bonuses", literal(member_id)))
    ).one()
    assert (main, house) == (member_code(member_id), house_code("bonuses", house_shard(member_id)))
    with pytest.raises(ValueError):
        house_code_of("petty_cash", literal(member_id))


def test_keys_and_accounts_belong_to_one_brand(db_session, tenant_ids, members):
    bd, ph = Ledger(db_session, tenant_ids["demo-bd"]), Ledger(db_session, tenant_ids["demo-ph"])
    bd_member, ph_member = members("demo-bd"), members("demo-ph")
    deposit(bd, bd_member.id, 700, "deposit:shared-key")
    deposit(ph, ph_member.id, 900, "deposit:shared-key")  # the same key on another brand is another transaction
    assert bd.balance(bd.member_account(bd_member.id)) == 700
    assert ph.balance(ph.member_account(ph_member.id)) == 900
    assert bd.house_account("deposits_clearing", None).id != ph.house_account("deposits_clearing", None).id
    db_session.info["tenant_id"] = tenant_ids["demo-ph"]
    try:
        fresh = Ledger(db_session, tenant_ids["demo-bd"])  # one that has read nothing yet
        with pytest.raises(TenantScopeError):  # a session of demo-ph does not read demo-bd's rows
            fresh.existing_account(f"member:{bd_member.id}:main")
    finally:
        db_session.info["tenant_id"] = ALL_TENANTS


def test_members_post_to_the_house_shard_of_their_id_and_the_house_sums_its_shards(ledger, members):
    first, second = members(), members()
    deposit(ledger, first.id, 100, "deposit:shard-first")
    deposit(ledger, second.id, 250, "deposit:shard-second")
    for member in (first, second):
        shard = ledger.house_account("deposits_clearing", member.id)
        assert shard.code == f"house:deposits_clearing:{member.id % HOUSE_SHARDS}"
        assert shard.kind == "house" and shard.allow_negative and shard.member_id is None
    assert (
        ledger.house_account("deposits_clearing", first.id).id
        != ledger.house_account("deposits_clearing", second.id).id
    )
    assert (
        ledger.house_account("deposits_clearing", first.id + HOUSE_SHARDS).id
        == ledger.house_account("deposits_clearing", first.id).id
    )
    assert ledger.house_account("bonuses", None).code == f"house:bonuses:{NO_MEMBER_SHARD}"
    assert ledger.house_balance("deposits_clearing") == -350
    assert ledger.house_balance("bonuses") == 0


def test_a_replay_posted_before_the_shards_is_the_same_post(ledger, members):
    """A post made when the house account was one row (``house:deposits_clearing``) and its replay
    on a shard have one fingerprint: a replay across the change is answered, not refused."""
    member = members()
    main = ledger.member_account(member.id)
    shard = ledger.house_account("deposits_clearing", member.id)
    before = LedgerAccount(code="house:deposits_clearing")
    legs = [Leg(shard, -100), Leg(main, 100)]
    assert fingerprint("deposit", member.id, legs, "r") == fingerprint(
        "deposit", member.id, [Leg(before, -100), Leg(main, 100)], "r"
    )
    assert fingerprint("deposit", member.id, legs, "r") != fingerprint(
        "deposit", member.id, [Leg(ledger.house_account("bonuses", member.id), -100), Leg(main, 100)], "r"
    )
