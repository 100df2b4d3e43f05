"""The one place the core calls plugins: every adapter hook as a typed method of a brand's plugins.

Adapter hooks ask the plugins the brand enables, in tenant.toml order, each with its own settings
(manager.TenantPlugins). A vendor's hooks reach only the plugin that offers that vendor (the first
in tenant.toml order to list it), and a payment channel's only the plugin that offers that
channel, so a plugin is never asked about a vendor or channel of another's.
"""

import logging
import re
from dataclasses import dataclass
from functools import cached_property

from tessera.core.cache import memo
from tessera.plugins.client import ORIGIN_PATTERN
from tessera.plugins.manager import AdapterError, PluginCaller

log = logging.getLogger(__name__)
# A game vendor's wallet mode (its walletMode): seamless vendors' games play on the member's main
# wallet; transfer vendors keep a wallet of their own, which members move money to and from.
SEAMLESS, TRANSFER = "seamless", "transfer"
# What a vendor plugin's pages load from its hosts (tessera_vendor_hosts): icons and game pages.
HOST_KINDS = ("images", "games")
ORIGIN = re.compile(ORIGIN_PATTERN)


def is_origin(url) -> bool:
    """``https://cdn.vendor.example`` or ``http://127.0.0.1:6550``: a scheme, a host and a port, no more."""
    return isinstance(url, str) and ORIGIN.fullmatch(url) is not None


@dataclass(frozen=True)
class Offer:
    """A vendor of the brand and the plugin that offers it (whose hooks answer for it)."""

    plugin: str
    vendor: dict

    @property
    def vassalage(self) -> str:
        return self.vendor["vassalage"]


class TenantPlugins(PluginCaller):
    """A brand's plugins, called through one method per hook. With the app's ``registry`` (a
    request's plugins), what the vendor plugins offer is remembered for the memo time."""

    def __init__(self, pm, tenant, registry=None):
        super().__init__(pm, tenant)
        self.registry = registry

    # -- Region lookup, customer service, captcha --------------------------------------------

    def region(self, ip: str | None) -> str | None:
        return self.first("tessera_region_lookup", ip=ip)

    def customer_service_entries(self, language: str) -> list[dict]:
        return [
            entry
            for _, answer in self.each("tessera_customer_service_entries", language=language)
            for entry in answer or []
        ]

    @property
    def has_captcha(self) -> bool:
        return bool(self.implementing("tessera_captcha_challenge"))

    def captcha_challenge(self, store) -> dict | None:
        return self.first("tessera_captcha_challenge", store=store)

    def captcha_verify(self, store, answer: dict) -> bool:
        return self.first("tessera_captcha_verify", store=store, answer=answer) is True

    # -- Messages to members ------------------------------------------------------------------

    @property
    def sends_sms(self) -> bool:
        return bool(self.implementing("tessera_sms_send"))

    def sms_send(self, phone_number: str, message: str) -> str | None:
        return self.first("tessera_sms_send", phone_number=phone_number, message=message)

    @property
    def sends_email(self) -> bool:
        return bool(self.implementing("tessera_email_send"))

    def email_send(self, to: str, subject: str, text: str) -> str | None:
        return self.first("tessera_email_send", to=to, subject=subject, text=text)

    # -- Lottery results --------------------------------------------------------------------

    @property
    def has_lottery_results(self) -> bool:
        return bool(self.implementing("tessera_lottery_results"))

    def lottery_results(self, game_code: str, numero: str):
        """The feed's numbers of a draw as it answered them, or None when not published; the lottery
        checks them against the draw's format (tessera.lottery.results)."""
        return self.first("tessera_lottery_results", game_code=game_code, numero=numero)

    # -- Proving who someone is ----------------------------------------------------------------

    @property
    def has_phone_auth(self) -> bool:
        return bool(self.implementing("tessera_phone_auth_verify"))

    def phone_auth_verify(self, id_token: str) -> str | None:
        return self.first("tessera_phone_auth_verify", id_token=id_token)

    def phone_auth_client(self) -> dict | None:
        return self.first("tessera_phone_auth_client")

    def federated_providers(self) -> list[dict]:
        return [provider for _, answer in self.each("tessera_federated_providers") for provider in answer or []]

    def federated_verify(self, provider: str, credential: str) -> dict | None:
        return self.first("tessera_federated_verify", provider=provider, credential=credential)

    # -- Payment channels: each channel's hooks reach the plugin offering it --------------------

    def payment_offers(self) -> list[tuple[str, list[dict]]]:
        """Each payment plugin's channels, as ``(plugin, channels)`` in tenant.toml order; a plugin
        that cannot say now is left out."""
        found = []
        for plugin in self.implementing("tessera_payment_channels"):
            try:
                found.append((plugin, self.call(plugin, "tessera_payment_channels") or []))
            except AdapterError as refused:
                log.warning("payment plugin %s offers no channels now: %s", plugin, refused.code)
        return found

    def takes_notifications(self, plugin: str) -> bool:
        return plugin in self.implementing("tessera_payment_webhook")

    def payment_start(self, plugin: str, channel: str, deposit: dict) -> dict | None:
        return self.call(plugin, "tessera_payment_start", channel=channel, deposit=deposit)

    def payment_webhook(self, plugin: str, channel: str, headers: dict, body: bytes) -> dict | None:
        return self.call(plugin, "tessera_payment_webhook", channel=channel, headers=headers, body=body)

    def payment_query(self, plugin: str, channel: str, deposit_id: str) -> dict | None:
        if plugin not in self.implementing("tessera_payment_query"):
            return None
        return self.call(plugin, "tessera_payment_query", channel=channel, deposit_id=deposit_id)

    # -- Game vendors: each vendor's hooks reach the plugin offering it ------------------------

    def vendor_hosts(self) -> dict[str, list[str]]:
        """The origins the brand's vendor plugins load images and games from, each kind in
        tenant.toml order without repeats; what is not an origin is left out (and logged)."""
        found: dict[str, list[str]] = {kind: [] for kind in HOST_KINDS}
        for name, answer in self.each("tessera_vendor_hosts"):
            for kind, origins in found.items():
                for url in (answer or {}).get(kind) or []:
                    if not is_origin(url):
                        log.warning("not an origin", extra={"plugin": name, "kind": kind, "url": str(url)[:200]})
                    elif url not in origins:
                        origins.append(url)
        return found

    @cached_property
    def _offers(self) -> tuple[dict[str, Offer], list[str]]:
        if self.registry is None:
            return self._list_offers()
        return memo(self.registry, "game_offers").get(self.tenant.id, self._list_offers)

    def _list_offers(self) -> tuple[dict[str, Offer], list[str]]:
        found: dict[str, Offer] = {}
        failed: list[str] = []
        for name in self.implementing("tessera_game_vendors"):
            try:
                answer = self.call(name, "tessera_game_vendors")
            except AdapterError as exc:
                log.warning("game vendors unavailable", extra={"plugin": name, "code": exc.code})
                failed.append(name)
                continue
            for vendor in answer or []:
                found.setdefault(vendor["vassalage"], Offer(name, vendor))
        return found, failed

    def game_offers(self) -> tuple[dict[str, Offer], list[str]]:
        """The brand's vendors by vassalage, in tenant.toml order (a vendor two plugins offer is the
        first's), and the plugins that could not say which vendors they offer now (asked once in
        the life of this object, or of the memo)."""
        return self._offers

    def game_vendors(self) -> list[dict]:
        """The vendors of the brand's plugins in tenant.toml order; a plugin that cannot reach its
        vendors is left out, not the whole menu."""
        return [offer.vendor for offer in self._offers[0].values()]

    def _vendor_call(self, hook: str, vassalage: str, **kwargs):
        """``hook`` of the plugin offering ``vassalage``; None when no plugin offers it now."""
        offer = self._offers[0].get(vassalage)
        if offer is None or offer.plugin not in self.implementing(hook):
            return None
        return self.call(offer.plugin, hook, vassalage=vassalage, **kwargs)

    def game_catalog(self, vassalage: str):
        return self._vendor_call("tessera_game_catalog", vassalage)

    def game_launch(
        self, vassalage: str, game_code: str, player: dict | None, language: str, device: str, free_play: bool
    ) -> str | None:
        return self._vendor_call(
            "tessera_game_launch",
            vassalage,
            game_code=game_code,
            player=player,
            language=language,
            device=device,
            free_play=free_play,
        )

    def game_rooms(self, vassalage: str) -> list[dict]:
        return list(self._vendor_call("tessera_game_rooms", vassalage) or [])

    def seamless_decode(self, vassalage: str, operation: str, headers: dict, body: bytes) -> dict | None:
        return self._vendor_call("tessera_seamless_decode", vassalage, operation=operation, headers=headers, body=body)

    def seamless_encode(self, vassalage: str, operation: str, answer: dict, headers: dict, body: bytes):
        """The answer to the call ``headers`` and ``body`` made (so the plugin can bind it to that call)."""
        return self._vendor_call(
            "tessera_seamless_encode", vassalage, operation=operation, answer=answer, headers=headers, body=body
        )

    def reads_seamless_calls(self, offer: Offer) -> bool:
        return offer.plugin in self.implementing("tessera_seamless_decode")

    def game_transfer(self, vassalage: str, player: dict, amount: str, direction: str, transfer_id: str):
        return self._vendor_call(
            "tessera_game_transfer",
            vassalage,
            player=player,
            amount=amount,
            direction=direction,
            transfer_id=transfer_id,
        )

    def game_balance(self, vassalage: str, player: dict):
        return self._vendor_call("tessera_game_balance", vassalage, player=player)

    def game_bet_records(self, vassalage: str, cursor: str | None):
        return self._vendor_call("tessera_game_bet_records", vassalage, cursor=cursor)

    # -- Launching a brand: does each remote service take the brand's credentials ---------------

    def provider_checks(self) -> list[tuple[str, dict]]:
        """Each enabled plugin's answer to ``tessera_provider_check``, in tenant.toml order; a
        plugin that fails to answer in the agreed shape is reported unreachable with the reason."""
        found = []
        for plugin in self.implementing("tessera_provider_check"):
            try:
                answer = self.call(plugin, "tessera_provider_check")
            except AdapterError as refused:
                answer = {"status": "unreachable", "reason": f"the plugin answered {refused.code}"}
            except Exception as error:  # an operator's report names a broken plugin instead of ending
                log.exception("provider check of plugin %s failed", plugin)
                answer = {"status": "unreachable", "reason": f"the plugin failed: {error!r}"}
            found.append((plugin, answer if well_formed_check(answer) else malformed_check(answer)))
        return found


CHECK_STATUSES = ("ok", "refused", "unreachable")


def well_formed_check(answer) -> bool:
    """Whether a ``tessera_provider_check`` answer has the agreed shape."""
    return (
        isinstance(answer, dict)
        and answer.get("status") in CHECK_STATUSES
        and isinstance(answer.get("reason"), str)
        and (answer["status"] == "ok" or bool(answer["reason"]))
    )


def malformed_check(answer) -> dict:
    return {"status": "unreachable", "reason": f"the plugin answered {answer!r}, not a check's answer"}
