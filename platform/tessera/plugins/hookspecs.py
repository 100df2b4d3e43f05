"""Tessera's hook specifications, grouped by phase.

Feature hooks (``tessera_configure``, ``tessera_migration_locations``) are called once for every
installed plugin, with no brand. Adapter hooks receive ``tenant`` (a
:class:`tessera.tenancy.context.TenantContext`) and ``settings`` (this plugin's own table from the
brand's tenant.toml, without ``enabled``, secrets resolved). The core calls them through
:class:`tessera.plugins.TenantPlugins`: one plugin at a time, only plugins the brand enables, in
tenant.toml order, so each plugin sees only its own settings. For a ``firstresult`` hook the first
plugin that answers something other than None is used; None means "not mine, ask the next". A
game vendor's hooks (those taking ``vassalage``) reach only the plugin that offers that vendor in
``tessera_game_vendors``, and a payment channel's only the plugin offering the channel: such a
hook is never asked about another plugin's vendor or channel.

Every hook here has a documentation entry in plugins/README.md and a test under tests/.
"""

from tessera import hookspec

# -- Feature registration -------------------------------------------------------------------


@hookspec
def tessera_configure(config):
    """Register the plugin's routes, views, relay operations and OpenAPI fragments.

    Receives the Pyramid ``Configurator`` while the app is built, after every core feature;
    returns nothing. Called once for every installed plugin, whichever brands enable it.
    """


@hookspec
def tessera_migration_locations():
    """Return a list of folders (str) holding the plugin's alembic migration versions, or None.

    Called for every installed plugin by ``tessera db upgrade``.
    """


# -- Region lookup --------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_region_lookup(tenant, settings, ip):
    """Return the ISO 3166-1 alpha-2 region of ``ip`` (the client address, a string), or None.

    None when the address is unknown or is not an address; never raises for bad input. The first
    plugin that knows the address answers.
    """


# -- Customer service -----------------------------------------------------------------------


@hookspec
def tessera_customer_service_entries(tenant, settings, language):
    """Return a list of customer-service entries for the brand in ``language``.

    Each entry is a dict: ``csType`` (str; "3" is the live-chat link), ``title`` (str, in
    ``language``, else English), ``path`` (the link, in clear), ``csPosition`` (int, the order
    shown). Every enabled plugin's entries are shown.
    """


# -- Captcha --------------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_captcha_challenge(tenant, settings, store):
    """Return a new challenge as a dict, or None.

    The dict holds ``captchaId`` (str, unique) and what the client shows: ``image`` (a
    ``data:image/...;base64,`` URL) for a picture to read, or the public fields a client-side
    widget needs (``geetestId`` for geetest). ``store`` is the brand's
    :class:`tessera.core.onetime.OneTimeStore` (``put(key, value, ttl)``, ``take(key)``), shared by
    every worker. The brand's captcha plugin answers.
    """


@hookspec(firstresult=True)
def tessera_captcha_verify(tenant, settings, store, answer):
    """Return True when ``answer`` (a dict from the client) passes the challenge, False when not.

    ``answer`` holds ``captchaId`` and the client's reply (``captcha``, the text read; or a
    widget's fields such as geetest's ``lot_number``, ``captcha_output``, ``pass_token`` and
    ``gen_time``). A challenge is single use: once verified, rightly or wrongly, it never passes
    again (a second verification of the same answer returns False). An answer that is not well
    formed returns False; it does not raise.
    """


# -- SMS sender -----------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_sms_send(tenant, settings, phone_number, message):
    """Send ``message`` to ``phone_number`` (E.164); return the gateway's message id (str).

    Return None to leave the number to the brand's next SMS plugin (a gateway for some
    countries only). Raises :class:`tessera.plugins.AdapterError` when the gateway refuses or the
    number is not E.164.
    """


# -- Email sender ---------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_email_send(tenant, settings, to, subject, text):
    """Send a plain-text email to ``to`` (one address); return the message id (str).

    Return None to leave it to the brand's next email plugin. Raises
    :class:`tessera.plugins.AdapterError` when the server refuses the message or cannot be reached,
    or ``to`` is not an address.
    """


# -- Phone auth -----------------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_phone_auth_verify(tenant, settings, id_token):
    """Verify a phone-auth ID token; return the verified phone number (E.164).

    Raises :class:`tessera.plugins.AdapterError` with a SPEC §8 phone-auth code when it fails.
    """


@hookspec(firstresult=True)
def tessera_phone_auth_client(tenant, settings):
    """What the browser needs to prove a number with this phone-auth plugin, as the status call
    publishes it (``phoneAuth``): a dict with ``provider`` (``"firebase"``) and the provider's
    public settings (``apiKey``, ``authDomain``, ``projectId``, ``emulatorUrl`` in development);
    None when the browser needs nothing."""


# -- Federated sign-in ---------------------------------------------------------------------


@hookspec
def tessera_federated_providers(tenant, settings):
    """Return the sign-in providers this plugin offers the brand: a list of dicts with
    ``provider`` (id), ``title`` and ``clientId`` (public, for the provider's sign-in button)."""


@hookspec(firstresult=True)
def tessera_federated_verify(tenant, settings, provider, credential):
    """Verify ``credential`` (the string the provider's button gave the client) for ``provider``.

    Return ``{"subject": str, "email": str | None, "name": str | None}``, the provider's stable
    id of the person; None when ``provider`` is not this plugin's. Raises
    :class:`tessera.plugins.AdapterError` (``federated_invalid``) for a credential that does not verify.
    """


# -- Payment channel ------------------------------------------------------------------------


@hookspec
def tessera_payment_channels(tenant, settings):
    """Return the deposit channels this plugin offers the brand: a list of dicts with
    ``channel`` (id), ``title``, ``kind`` ("manual": the member pays by bank transfer and an
    operator approves; "redirect": the member pays on the gateway's page), ``minAmount`` and
    ``maxAmount`` (Decimal strings), and for manual channels ``instructions`` (``bankName``,
    ``accountName``, ``accountNumber``, optional ``note``)."""


@hookspec(firstresult=True)
def tessera_payment_start(tenant, settings, channel, deposit):
    """Start a deposit (a dict: ``depositId``, ``amount`` (a Decimal string), ``currency``,
    ``returnUrl`` (where the gateway sends the member back), ``notifyUrl`` (where it posts its
    notifications; both on the brand's tenant.toml ``public_url``) and ``member`` (``id``, ``username``)).

    Returns ``{"redirectUrl"}`` for a redirect channel or ``{"instructions"}`` for a manual one,
    or None when ``channel`` is not one of this plugin's. Raises
    :class:`tessera.plugins.AdapterError` (``payment_unavailable``, ``payment_refused``) when the
    gateway cannot take the order.
    """


@hookspec(firstresult=True)
def tessera_payment_webhook(tenant, settings, channel, headers, body):
    """Verify and read a gateway's notification; return ``{"depositId", "status", "amount",
    "reference"}``.

    ``status`` is "paid", "pending" or "failed"; ``amount`` a Decimal string; ``reference`` the
    gateway's own id of the payment. ``headers`` is a dict, ``body`` the raw bytes. None when
    ``channel`` is not one of this plugin's. Raises :class:`tessera.plugins.AdapterError`
    (``payment_notification_forged``, ``payment_notification_malformed``).
    """


@hookspec(firstresult=True)
def tessera_payment_query(tenant, settings, channel, deposit_id):
    """Ask the gateway for a deposit's state, for a notification that never came: the same dict
    as :func:`tessera_payment_webhook`, or None when ``channel`` is not one of this plugin's or
    the gateway does not know the deposit."""


# -- Game vendor ----------------------------------------------------------------------------


@hookspec
def tessera_game_vendors(tenant, settings):
    """Return the vendors this plugin provides: dicts with ``vassalage``, ``displayName``,
    ``gameType`` and ``walletMode`` ("seamless" or "transfer"), and optionally ``isHot`` (bool,
    default False), ``smallIcon`` (an image URL, default None) and ``accountTypeId`` (int) for
    the game menu; a seamless-wallet vendor may give ``lateCreditHours`` (a positive number: how
    long after a round settled its protocol may still credit it, default 24)."""


@hookspec
def tessera_vendor_hosts(tenant, settings):
    """Return where a browser loads this plugin's vendors from, as the brand's settings say (no
    call to the vendor): ``{"images": [...], "games": [...]}``, each a list of origins
    (``https://cdn.vendor.example``, ``http://127.0.0.1:6550``: scheme, host and optional port,
    no path), the icons' hosts and the hosts of the game pages a launch opens. The brand's pages
    admit them (content security policy; the status call's ``imageCDNs`` and ``launchGameCDNs``)
    beside the hosts its tenant.toml ``[cdn]`` lists, while the brand enables the plugin."""


@hookspec(firstresult=True)
def tessera_game_catalog(tenant, settings, vassalage):
    """Return the games of vendor ``vassalage``: an iterable of dicts (gameCode, displayName,
    gameType, icons, minBet, lines, classify, hot). None when the vendor is not this plugin's."""


@hookspec(firstresult=True)
def tessera_game_launch(tenant, settings, vassalage, game_code, player, language, device, free_play):
    """Return the URL that opens ``game_code`` for ``player`` (a dict: id, username, currency, and
    for a seamless-wallet vendor ``launchToken``, which the vendor presents to the wallet's
    ``authenticate``, and ``walletUrl``, the brand's address of that vendor's seamless wallet,
    ``<public_url>/vendors/{vassalage}/wallet``, to which the vendor adds ``/{operation}``). ``player`` is
    None for free play. ``device`` is "WEB" or "MOBILE".

    None when the vendor is not this plugin's.
    """


@hookspec(firstresult=True)
def tessera_game_rooms(tenant, settings, vassalage):
    """Return the open tables of a live vendor: dicts with ``roomId``, ``gameCode``, ``name``,
    ``dealer``, ``minBet`` and ``maxBet`` (Decimal strings), ``players`` (int) and ``status``
    ("open" or "closed"). None when the vendor is not this plugin's."""


@hookspec(firstresult=True)
def tessera_seamless_decode(tenant, settings, vassalage, operation, headers, body):
    """Read a seamless-wallet call of vendor ``vassalage`` to ``/vendors/{vassalage}/wallet/{operation}``.

    Verify it as the vendor's protocol says (signature, timestamp) and return a dict:
    ``operation`` (authenticate, balance, debit, credit, rollback, cancel, resettle), and as the
    operation needs ``token`` (authenticate), ``memberId`` (int: the member the vendor names),
    ``transactionId``, ``roundId``, ``gameCode``, ``amount`` (a Decimal string; debit and credit,
    and resettle: the round's corrected payout), ``rollbackOf`` (the debit's transactionId;
    rollback) and ``currency``. Cancel voids the round ``roundId``. Raise
    :class:`tessera.plugins.AdapterError`: ``signature_invalid`` (forged or stale) or
    ``request_invalid`` (unreadable). None when the vendor is not this plugin's.
    """


@hookspec(firstresult=True)
def tessera_seamless_encode(tenant, settings, vassalage, operation, answer, headers, body):
    """Turn the wallet's ``answer`` to a seamless call into the vendor's HTTP response: a tuple
    (status int, headers dict, body bytes), signed as the vendor's protocol says and bound to the
    call it answers, whose request ``headers`` (a dict) and raw ``body`` (bytes) it receives.

    ``answer`` is ``{"ok": True, "balance", "currency", ...}`` or ``{"ok": False, "code", "balance"?}``
    (see tessera.games.seamless). None when the vendor is not this plugin's.
    """


@hookspec(firstresult=True)
def tessera_game_transfer(tenant, settings, vassalage, player, amount, direction, transfer_id):
    """Move ``amount`` (a Decimal string) into (``direction="in"``) or out of a transfer-wallet
    vendor's wallet.

    Idempotent by ``transfer_id``; returns the vendor wallet's balance right after the move (a
    Decimal string): Tessera makes the member's vendor wallet that, the difference being what the
    member won or lost there since the last transfer. None when the vendor is not this plugin's.
    Raises :class:`tessera.plugins.AdapterError`: ``vendor_insufficient_funds`` (more out than the
    balance; its ``balance`` parameter, when given, says what the vendor holds), ``transfer_conflict``
    (the id replayed with other fields), ``vendor_unavailable`` (no usable answer: the move may or
    may not have happened; call again with the same fields).
    """


@hookspec(firstresult=True)
def tessera_game_balance(tenant, settings, vassalage, player):
    """Return the player's balance held by a transfer-wallet vendor (a Decimal string).

    None when the vendor is not this plugin's.
    """


@hookspec(firstresult=True)
def tessera_game_bet_records(tenant, settings, vassalage, cursor):
    """Return the next page of a transfer-wallet vendor's rounds of the brand's players, as the
    vendor's own feed gives them: ``{"records": [...], "cursor": str}``.

    ``cursor`` is where the page starts: the ``cursor`` the previous answer gave (the vendor's own
    position, opaque to Tessera), or None for the start of what the vendor keeps. The records are
    the rounds the vendor recorded or changed after it, oldest first, at most a page of them;
    the answer's ``cursor`` is where the next page starts (the same one when nothing is new).
    Tessera keeps it with the rounds it kept, so a pull resumes there after any restart. Each
    record is a dict: ``roundId``, ``memberId`` (int; rounds of players not of this brand left
    out), ``gameCode``, ``bet`` and ``payout`` (Decimal strings), ``placedAt`` and ``settledAt``
    (ISO 8601 with an offset; ``settledAt`` None while the round is open). A round listed again
    (changed) replaces what was kept of it. None when the vendor is not this plugin's. Raises
    :class:`tessera.plugins.AdapterError` (``vendor_unavailable``) when the vendor cannot answer.
    """


# -- Lottery results feed ------------------------------------------------------------------


@hookspec(firstresult=True)
def tessera_lottery_results(tenant, settings, game_code, numero):
    """The official result of the Vietnamese draw ``numero`` (``yyyymmdd``) of the game
    ``game_code`` ("MB", "HCM"...): its numbers as strings, leading zeros kept, in its format's
    published order (the north's 27 from the special prize down, the south's and centre's 18 from
    the 8th prize up).

    Return None when the feed has not published that draw yet. Raises
    :class:`tessera.plugins.AdapterError` (``results_unavailable``) when the feed cannot be
    reached or answers something unusable. The core checks the numbers against the format
    (:func:`tessera.lottery.results.official_result`).
    """


# -- Launching a brand ----------------------------------------------------------------------


@hookspec
def tessera_provider_check(tenant, settings):
    """Ask the plugin's remote service, with the brand's settings (its credentials), whether it
    answers: one cheap authenticated call or connection that changes nothing there.

    Return ``{"status": "ok" | "refused" | "unreachable", "reason": str}``: ``ok`` when the service
    took the credentials (``reason`` may say what was asked), ``refused`` when it answered but
    turned them down (or none is configured), ``unreachable`` when no usable answer came; the reason
    says why in an operator's words. ``tessera tenants check SLUG`` asks every enabled plugin that
    implements it; plugins that talk to no remote service leave it out. Never raises for a refusal
    or an unreachable service (:func:`tessera.plugins.client.check_answer` builds the answer).
    """
