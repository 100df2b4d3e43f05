"""The back office: staff, their roles per brand, their sessions on the back office's own host
(TESSERA_BACKOFFICE_HOST, never a brand's) under ``/bo/api/``, and the audit of every action.

Every view of the feature names what it needs with the ``staff`` view option (``access.py``), checked
before the request is read."""

from pathlib import Path

LOCALE = Path(__file__).parent / "locale"


def includeme(config):
    config.add_view_deriver(".access.staff_deriver", over="openapi_deriver")
    config.add_request_method(".access.request_staff", "staff", reify=True)
    config.registry["backoffice_locale"] = LOCALE  # its messages, before the members' (core.i18n)
    config.include(".sessions")  # login, the session, logout, enrolment
    config.include(".audit")  # the hash-chained log
    config.include(".reports")  # profit and loss, the dashboard
    config.include(".jobs")  # the background runs
    config.include(".content")  # banners and announcements
    config.include(".members")  # a brand's members, under /bo/api/brands/{brand}/members
    config.include(".payments")  # deposit and withdrawal queues
    config.include(".approvals")  # maker-checker, manual credits and debits, bonuses
    config.include(".team")  # a brand's staff and roles
    config.include(".networks")  # the addresses a brand's staff may act from
    config.include(".feedback")  # members' feedback and complaints, answered
    config.include(".help")  # help centre articles and customer-service entries
    config.include(".games")  # game vendors and games: state, maintenance, order, lanes
    config.include(".lottery_draws")  # the lottery's draws, results, cancellations and schedule
    config.include(".settings")  # maintenance windows, register and region settings
    config.include(".lottery_book")  # the lottery's book, each number's liability, a draw's settlement
    config.add_route("backoffice.openapi", "/bo/openapi.json")
    config.include(".pages")  # the app's page, on every path of the app
    config.scan()
