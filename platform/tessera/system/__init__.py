"""System: status and permission info, flags, register settings, routes, help, footer,
feedback, customer service, the brand's assets and texts, the process and readiness checks, and where a
brand may be used from (access.py)."""


def includeme(config):
    # Outside the request's validation and decryption: a refused call uses up no encrypted payload.
    config.add_view_deriver(".access.region_deriver", under="decorated_view", over="openapi_deriver")
    config.include(".status")  # what the brand shows every visitor; maintenance
    config.include(".feedback")
    config.include(".assets")
    config.include(".texts")
    config.include(".health")
    config.scan()
