"""A member's saved bank accounts: at most five, numbers shown masked, each member's own."""

import pytest
import webtest
from sqlalchemy import select

from tessera.core.db import ALL_TENANTS, operator_session
from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY
from tessera.wallet.payments.models import BankAccount
from wallet_helpers import RACERS, race

ACCOUNTS = "/wps/wallet/bank-accounts"
BD_IP = "203.0.113.9"  # an address in Bangladesh (the brand serves it)


def account(number="01712345678", bank="Dutch-Bangla Bank", name="Rahim Uddin") -> dict:
    return {"bankName": bank, "accountName": name, "accountNumber": number}


def test_an_account_is_saved_and_shown_masked(member_of, db_session):
    member, caller = member_of("demo-bd")
    saved = caller.post(ACCOUNTS, account("1234567890123"))["value"]
    assert (saved["bankName"], saved["accountName"], saved["accountNumber"]) == (
        "Dutch-Bangla Bank",
        "Rahim Uddin",
        "****0123",
    )
    assert caller.get(ACCOUNTS)["value"]["list"] == [saved]
    row = db_session.scalar(select(BankAccount).where(BankAccount.id == saved["id"]))
    assert (row.member_id, row.account_number) == (member.id, "1234567890123")


def test_names_are_trimmed_and_must_say_something(member_of):
    _, caller = member_of("demo-bd")
    saved = caller.post(ACCOUNTS, account(bank="  City   Bank ", name=" Karim "))["value"]
    assert (saved["bankName"], saved["accountName"]) == ("City Bank", "Karim")
    answer = caller.post(ACCOUNTS, account(bank="   ", name="\t"), status=400)
    assert answer["code"] == "invalid_request"
    assert {f["field"] for f in answer["value"]["fields"]} == {"bankName", "accountName"}


@pytest.mark.parametrize("number", ["12345", "1" * 31, "12345a789", "123 456 789", "", "１２３４５６７"])
def test_an_account_number_is_6_to_30_digits(member_of, number):
    _, caller = member_of("demo-bd")
    answer = caller.post(ACCOUNTS, account(number), status=400)
    assert answer["value"]["fields"][0]["field"] == "accountNumber"


@pytest.mark.parametrize("field, length", [("bankName", 101), ("accountName", 101)])
def test_names_of_at_most_100_characters(member_of, field, length):
    _, caller = member_of("demo-bd")
    caller.post(ACCOUNTS, {**account(), field: "ক" * 100})
    assert caller.post(ACCOUNTS, {**account(), field: "ক" * length}, status=400)["value"]["fields"][0]["field"] == field


def test_at_most_five_and_a_deleted_one_frees_a_place(member_of):
    _, caller = member_of("demo-bd")
    ids = [caller.post(ACCOUNTS, account(f"10000000{n}"))["value"]["id"] for n in range(5)]
    assert caller.post(ACCOUNTS, account("999999999"), status=409)["code"] == "bank_account_limit"
    assert caller.delete(f"{ACCOUNTS}/{ids[2]}")["value"] is None
    assert [a["id"] for a in caller.get(ACCOUNTS)["value"]["list"]] == ids[:2] + ids[3:]
    caller.post(ACCOUNTS, account("999999999"))
    assert caller.delete(f"{ACCOUNTS}/{ids[2]}", expect=404)["code"] == "bank_account_not_found"


def test_a_member_never_sees_or_deletes_anothers_account(member_of):
    _, owner = member_of("demo-bd")
    _, other = member_of("demo-bd")
    saved = owner.post(ACCOUNTS, account())["value"]
    assert other.get(ACCOUNTS)["value"]["list"] == []
    assert other.delete(f"{ACCOUNTS}/{saved['id']}", expect=404)["code"] == "bank_account_not_found"
    _, ph_member = member_of("demo-ph")
    assert ph_member.delete(f"{ACCOUNTS}/{saved['id']}", expect=404)["code"] == "bank_account_not_found"
    assert owner.get(ACCOUNTS)["value"]["list"] == [saved]


@pytest.mark.parametrize("member_type", [FREE_PLAY, *sorted(AGENT_TYPES)])
def test_only_real_members_have_accounts(member_of, member_type):
    _, caller = member_of("demo-bd", member_type=member_type)
    assert caller.get(ACCOUNTS, expect=403)["code"] == "in_need_true_account"
    assert caller.post(ACCOUNTS, account(), status=403)["code"] == "in_need_true_account"


def test_the_same_account_sent_again_is_the_one_saved(member_of):
    _, caller = member_of("demo-bd")
    first = caller.post(ACCOUNTS, account("1234567890"))["value"]
    again = caller.post(ACCOUNTS, account("1234567890", bank=" Dutch-Bangla   Bank", name="Rahim U."))["value"]
    assert again == first  # the same bank and number: no copy, whatever the name typed
    other = caller.post(ACCOUNTS, account("1234567890", bank="City Bank"))["value"]
    assert other["id"] != first["id"]
    assert [a["id"] for a in caller.get(ACCOUNTS)["value"]["list"]] == [first["id"], other["id"]]


def test_the_same_account_sent_at_the_same_moment_is_saved_once(race_app, committed, engine):
    app = webtest.TestApp(race_app, extra_environ={"HTTP_HOST": "demo-bd.localhost", "REMOTE_ADDR": BD_IP})
    headers = {"Authorization": f"Bearer {committed['token']}"}
    body = account("5550001111")
    answers = race([lambda: app.post_json(ACCOUNTS, body, headers=headers) for _ in range(RACERS)])
    assert answers == [200] * RACERS
    with operator_session(engine, ALL_TENANTS) as db:
        saved = db.scalars(select(BankAccount.id).where(BankAccount.member_id == committed["member_id"])).all()
    assert len(saved) == 1
