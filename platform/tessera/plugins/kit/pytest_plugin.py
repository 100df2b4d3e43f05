"""The plugin author's kit as a pytest plugin (the ``tessera`` entry point of the ``pytest11`` group).

``pytest --tessera-plugin acme-sms`` runs, against the installed plugin ``acme-sms``, the contract
suite of every adapter kind it implements (``tessera.plugins.kit.suites``), from any directory. A
suite is also a class to subclass in a test module (``class TestAcme(SmsSenderContract)``), which
is how Tessera runs its built-in plugins through the kit.
"""

from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine
from sqlalchemy.orm import Session
from sqlalchemy.pool import StaticPool

from tessera.core.db import ALL_TENANTS, Base
from tessera.core.onetime import OneTimeStore, OneTimeValue
from tessera.plugins import plugin_manager
from tessera.plugins.kit import contract
from tessera.tenancy.models import Tenant

CONTRACTS = Path(__file__).with_name("contracts.py")


def pytest_addoption(parser):
    group = parser.getgroup("tessera", "Tessera plugin contracts")
    group.addoption(
        "--tessera-plugin",
        action="append",
        default=[],
        metavar="NAME",
        help="run the contract suites of the adapter kinds the installed plugin NAME implements (repeatable)",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    names = config.getoption("tessera_plugin")
    if not names:
        return
    missing = [name for name in names if plugin_manager().get_plugin(name) is None]
    if missing:
        raise pytest.UsageError(f"no such plugin is installed in the entry-point group 'tessera': {', '.join(missing)}")
    contract.selected = set(names)
    if config.args_source is not pytest.Config.ArgsSource.ARGS:
        config.args[:] = [str(CONTRACTS)]  # no paths given: the contracts alone
    elif str(CONTRACTS) not in config.args:
        config.args.append(str(CONTRACTS))


def pytest_generate_tests(metafunc):
    """A suite class's ``adapter``: each implementation under contract (see contract.implementations)."""
    suite = metafunc.cls
    if suite is None or "adapter" not in metafunc.fixturenames or not hasattr(suite, "hook"):
        return
    references = suite.references() if hasattr(suite, "references") else {}
    metafunc.parametrize("adapter", contract.implementations(suite.hook, getattr(suite, "plugins", None), **references))


@pytest.fixture
def contract_clock() -> contract.Clock:
    """The clock of the contract's one-time stores; the test moves it."""
    return contract.Clock()


@pytest.fixture
def contract_stores(contract_clock) -> Iterator[dict[str, OneTimeStore]]:
    """Two brands' one-time stores (``"brand"``, ``"other-brand"``) on a database of the test's own."""
    engine = create_engine("sqlite://", poolclass=StaticPool)
    Base.metadata.create_all(
        engine, tables=[Base.metadata.tables[model.__tablename__] for model in (Tenant, OneTimeValue)]
    )
    with Session(engine) as session:
        session.info["tenant_id"] = ALL_TENANTS
        brands = [
            Tenant(slug=slug, name=slug, config={}, key_id="kid", private_key_pem="pem")
            for slug in ("brand", "other-brand")
        ]
        session.add_all(brands)
        session.flush()
        yield {tenant.slug: OneTimeStore(session, tenant.id, contract_clock) for tenant in brands}
    engine.dispose()
