"""A member's saved bank accounts: at most five, numbers shown masked, each member's own."""

import pytest
from sqlalchemy import select

from tessera.identity.accounts.models import AGENT_TYPES, FREE_PLAY
from tessera.wallet.payments.models import BankAccount

ACCOUNTS = "/wps/wallet/bank-accounts"


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
