"""The customer-service contract (``tessera_customer_service_entries``): every installed
implementation must pass.

An implementation provides ``contract_settings(entries)``: the settings under which it lists
``entries``, each ``{"csType", "path", "titles": {language: title}}`` (``titles`` always has "en").
"""

import pytest

from tessera.plugins.kit.contract import brand

HOOK = "tessera_customer_service_entries"
ENTRIES = [
    {"csType": "3", "path": "https://chat.example/room/support", "titles": {"en": "Live chat", "bn": "লাইভ চ্যাট"}},
    {"csType": "TELEGRAM", "path": "https://t.me/tessera_support", "titles": {"en": "Telegram", "bn": "টেলিগ্রাম"}},
    {"csType": "HOTLINE", "path": "tel:+8809600000000", "titles": {"en": "Hotline"}},
]


def settings_for(adapter, entries=ENTRIES) -> dict:
    return adapter.helper("contract_settings")(entries)


def shown(answer) -> list[tuple]:
    """The entries as a member sees them: in csPosition order."""
    return [(e["csType"], e["title"], e["path"]) for e in sorted(answer, key=lambda e: e["csPosition"])]


class CustomerServiceContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = HOOK

    def test_every_entry_has_type_title_path_and_position(self, adapter):
        answer = adapter.call(HOOK, settings_for(adapter), language="en")
        assert isinstance(answer, list) and len(answer) == len(ENTRIES)
        for entry in answer:
            assert set(entry) == {"csType", "title", "path", "csPosition"}
            assert isinstance(entry["csType"], str) and isinstance(entry["path"], str)
            assert isinstance(entry["title"], str) and entry["title"]
            assert type(entry["csPosition"]) is int
        assert len({e["csPosition"] for e in answer}) == len(answer)

    def test_entries_keep_their_order_and_links_in_clear(self, adapter):
        answer = adapter.call(HOOK, settings_for(adapter), language="en")
        assert shown(answer) == [(e["csType"], e["titles"]["en"], e["path"]) for e in ENTRIES]

    def test_titles_are_in_the_language_asked_for(self, adapter):
        answer = adapter.call(HOOK, settings_for(adapter), language="bn")
        assert [title for _, title, _ in shown(answer)][:2] == ["লাইভ চ্যাট", "টেলিগ্রাম"]

    @pytest.mark.parametrize("language", ["bn", "fil", "zh-TW"])
    def test_a_title_missing_in_the_language_falls_back_to_english(self, adapter, language):
        answer = adapter.call(HOOK, settings_for(adapter), language=language)
        assert shown(answer)[2] == ("HOTLINE", "Hotline", "tel:+8809600000000")

    def test_no_entries_is_an_empty_list(self, adapter):
        assert adapter.call(HOOK, settings_for(adapter, []), language="en") == []

    def test_the_settings_passed_decide_not_the_brand_config(self, adapter):
        elsewhere = brand({adapter.name: settings_for(adapter, ENTRIES[:1])})
        answer = adapter.call_directly(HOOK, elsewhere, settings_for(adapter, ENTRIES[2:]), language="en")
        assert shown(answer[0]) == [("HOTLINE", "Hotline", "tel:+8809600000000")]

    def test_each_brand_sees_its_own_entries(self, adapter):
        first = adapter.for_brand(settings_for(adapter, ENTRIES[:1]), slug="first")
        second = adapter.for_brand(settings_for(adapter, ENTRIES[1:2]), slug="second")
        [(_, first_answer)] = first.each(HOOK, language="en")
        [(_, second_answer)] = second.each(HOOK, language="en")
        assert [e["csType"] for e in first_answer] == ["3"]
        assert [e["csType"] for e in second_answer] == ["TELEGRAM"]
