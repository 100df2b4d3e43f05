"""The provider-check contract (``tessera_provider_check``), which ``tessera tenants check`` asks.

Every installed implementation, and the reference below, must pass. An implementation provides
``contract_check_settings(outcome)``: a brand's settings for which its check answers ``outcome``
(``"ok"``: the service takes the credentials; ``"refused"``: it answers but turns them down;
``"unreachable"``: nothing answers there).
"""

import pytest

from tessera import hookimpl
from tessera.plugins import client
from tessera.plugins.facade import CHECK_STATUSES, well_formed_check
from tessera.plugins.kit.contract import Reference

CHECK = "tessera_provider_check"


def signed_check_settings(settings: dict, outcome: str, path: str = "") -> dict:
    """A signed plugin's working ``settings`` changed so that its check answers ``outcome``: a
    secret the service does not know is refused; a ``base_url`` where nothing listens (ending in
    ``path``) is unreachable."""
    from tessera.plugins.kit.local_http import closed_url

    if outcome == "refused":
        return {**settings, "secret": "not-" + settings["secret"]}
    if outcome == "unreachable":
        return {**settings, "base_url": closed_url(path)}
    return settings


class AccountService(Reference):
    """A conforming check: the service knows the accounts its settings call known."""

    @hookimpl
    def tessera_provider_check(self, tenant, settings):
        self.record(tenant, CHECK, settings)
        if settings["service"] == "down":
            return client.check_answer(client.UNREACHABLE, "connection refused")
        if settings["account"] != "known":
            return client.check_answer(client.REFUSED, "HTTP 401 unknown account")
        return client.check_answer(client.OK, "HTTP 200")

    def contract_check_settings(self, outcome: str) -> dict:
        return {
            "service": "down" if outcome == "unreachable" else "up",
            "account": "unknown" if outcome == "refused" else "known",
        }


class ProviderCheckContract:
    """The contract, run by subclassing it as ``Test...`` (``plugins``: the plugins under contract;
    by default those ``--tessera-plugin`` names, else every installed one and the references)."""

    hook = CHECK

    @staticmethod
    def references() -> dict:
        return {"reference": AccountService()}

    @pytest.mark.parametrize("outcome", CHECK_STATUSES)
    def test_a_check_answers_in_the_agreed_shape(self, adapter, outcome):
        answer = adapter.call(CHECK, adapter.helper("contract_check_settings")(outcome))
        assert well_formed_check(answer), answer
        assert answer["status"] == outcome, answer

    @pytest.mark.parametrize("outcome", ["refused", "unreachable"])
    def test_a_failed_check_says_why(self, adapter, outcome):
        answer = adapter.call(CHECK, adapter.helper("contract_check_settings")(outcome))
        assert isinstance(answer["reason"], str) and answer["reason"].strip()

    def test_the_brand_check_reports_the_plugin_by_name(self, adapter):
        plugins = adapter.for_brand(adapter.helper("contract_check_settings")("ok"))
        assert [(name, answer["status"]) for name, answer in plugins.provider_checks()] == [(adapter.name, "ok")]
