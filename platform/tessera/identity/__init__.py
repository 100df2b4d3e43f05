"""Identity: members, sessions behind the Bearer tokens (core.security asks ``ISessionLookup``),
encrypted payloads for "E" calls, verification codes, registration, logins and passwords."""

from tessera.core.security import ISessionLookup


def includeme(config):
    from tessera.identity.sessions.views import SessionLookup

    # What a view of the feature reads of its request: the decrypted payload of an "E" call
    # (``encrypted=True``), the call its services are given, and the sessions already looked up.
    config.add_view_deriver(".encryption.views.encrypted_deriver", under="openapi_deriver")
    config.add_request_method(".calls.request_call", "identity_call", reify=True)
    config.add_request_method(lambda request: {}, "session_identities", reify=True)
    config.registry.registerUtility(SessionLookup(), ISessionLookup)
    # Sub-packages from the member outwards: each uses only those above it.
    config.include(".accounts")  # members, member info, avatars, the audit log
    config.include(".encryption")  # the encrypted payloads' description
    config.include(".verification")  # SMS codes, the captcha, phone proofs
    config.include(".sessions")  # logins, free play, logout
    config.include(".registration")  # new members, affiliate codes
    config.include(".recovery")  # forgotten and changed passwords
    config.scan()
