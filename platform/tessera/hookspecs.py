"""Tessera's hook specifications, grouped by phase.

Adapter hooks receive ``tenant`` (a :class:`tessera.tenancy.context.TenantContext`) and
``settings`` (this plugin's own table from the brand's tenant.toml, secrets resolved). The core
calls them one plugin at a time, only for plugins the brand enables, so each plugin sees only
its own settings. Every hook here is documented in docs/plugins.md and tested under tests/.
"""
from tessera import hookspec

# -- Feature registration -------------------------------------------------------------------


@hookspec
def tessera_configure(config):
    """Register the plugin's routes, views, relay operations and OpenAPI fragments.

    Receives the Pyramid ``Configurator`` while the app is built; returns nothing.
    """


@hookspec
def tessera_migration_locations():
    """Return a list of folders holding the plugin's alembic migration versions (or nothing)."""


# -- Region lookup --------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_region_lookup(tenant, settings, ip):
    """Return the ISO 3166-1 alpha-2 region of ``ip`` (a string), or None when unknown.

    The first plugin that knows the address answers.
    """


# -- Customer service -----------------------------------------------------------------------


@hookspec
def tessera_customer_service_entries(tenant, settings, language):
    """Return a list of customer-service entries for the brand in ``language``.

    Each entry is a dict: ``csType`` (str; "3" is the live-chat link), ``title`` (str),
    ``path`` (the link, in clear), ``csPosition`` (int, the order shown).
    """


# -- Captcha --------------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_captcha_challenge(tenant, settings):
    """Return a new challenge as a dict (``captchaId`` and what the client shows), or None.

    The brand's captcha plugin answers.
    """


@hookspec(firstresult=True)
def tessera_captcha_verify(tenant, settings, answer):
    """Return True when ``answer`` (a dict from the client) passes the challenge, False when not.

    A challenge is single use: a second verification of the same answer returns False.
    """


# -- SMS sender -----------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_sms_send(tenant, settings, phone_number, message):
    """Send ``message`` to ``phone_number`` (E.164); return the gateway's message id (str).

    Raises :class:`tessera.plugins.AdapterError` when the gateway refuses.
    """


# -- Phone auth -----------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_phone_auth_verify(tenant, settings, id_token):
    """Verify a phone-auth ID token; return the verified phone number (E.164).

    Raises :class:`tessera.plugins.AdapterError` with a SPEC §8 phone-auth code when it fails.
    """


# -- Payment channel ------------------------------------------------------------------------


@hookspec
def tessera_payment_channels(tenant, settings):
    """Return the deposit channels this plugin offers the brand: a list of dicts with
    ``channel`` (id), ``title``, ``minAmount`` and ``maxAmount`` (Decimal strings)."""


@hookspec(firstresult=True)
def tessera_payment_start(tenant, settings, channel, deposit):
    """Start a deposit (a dict: ``depositId``, ``amount``, ``currency``, ``returnUrl``).

    Returns a dict telling the member what to do next (``redirectUrl`` or ``instructions``).
    """


@hookspec(firstresult=True)
def tessera_payment_webhook(tenant, settings, channel, headers, body):
    """Verify and read a gateway's notification; return ``{"depositId", "status", "amount"}``.

    Raises :class:`tessera.plugins.AdapterError` for a forged or malformed notification.
    """


# -- Game vendor ----------------------------------------------------------------------------


@hookspec
def tessera_game_vendors(tenant, settings):
    """Return the vendors this plugin provides: dicts with ``vassalage``, ``displayName``,
    ``gameType`` and ``walletMode`` ("seamless" or "transfer")."""


@hookspec(firstresult=True)
def tessera_game_catalog(tenant, settings, vassalage):
    """Return the games of vendor ``vassalage``: an iterable of dicts (gameCode, displayName,
    gameType, icons, minBet, lines, classify, hot)."""


@hookspec(firstresult=True)
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    """Return the URL that opens ``game_code`` for ``player`` (a dict: id, username, currency)."""


@hookspec(firstresult=True)
def tessera_game_transfer(tenant, settings, vassalage, player, amount, direction, transfer_id):
    """Move ``amount`` into (``direction="in"``) or out of a transfer-wallet vendor's wallet.

    Idempotent by ``transfer_id``; returns the vendor wallet's balance after the move.
    """


@hookspec(firstresult=True)
def tessera_game_balance(tenant, settings, vassalage, player):
    """Return the player's balance held by a transfer-wallet vendor (a Decimal string)."""


@hookspec(firstresult=True)
def tessera_game_bet_records(tenant, settings, vassalage, since, until):
    """Return the vendor's settled bets between ``since`` and ``until`` as an iterable of dicts."""
