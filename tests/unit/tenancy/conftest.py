"""Copies of the demo brand folders, to change and to break."""

import shutil
from pathlib import Path

import pytest

from tessera.core.settings import ROOT
from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import LoadError, TenantLoadFailed, load_tenants


@pytest.fixture
def tenants_dir(tmp_path) -> Path:
    target = tmp_path / "tenants"
    shutil.copytree(ROOT / "tenants", target)
    return target


@pytest.fixture
def edit(tenants_dir):
    """``edit("demo-bd/tenant.toml", old, new)``: replace text that must be there."""

    def replace(relative: str, old: str, new: str) -> None:
        path = tenants_dir / relative
        text = path.read_text("utf-8")
        assert old in text, f"{relative} has no {old!r}"
        path.write_text(text.replace(old, new, 1), "utf-8")

    return replace


@pytest.fixture
def load(tenants_dir):
    return lambda: load_tenants(tenants_dir, settings_schemas(plugin_manager()))


@pytest.fixture
def refusal(load):
    """The problems a refused load names."""

    def problems() -> list[LoadError]:
        with pytest.raises(TenantLoadFailed) as failed:
            load()
        assert str(failed.value) == "\n".join(str(e) for e in failed.value.errors)
        return failed.value.errors

    return problems
