"""The README's map of the code names every feature's sub-packages and shared modules, and every
sub-package keeps the fixed file names: a newcomer finds a file from the feature's name."""

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TESSERA = ROOT / "platform" / "tessera"
FEATURES = ("system", "identity", "wallet", "games", "engagement")


def code_map() -> dict[str, str]:
    """The README's map: each entry's text by its name (``wallet``, ``app.py``...)."""
    text = (ROOT / "README.md").read_text()
    blocks = re.findall(r"```\n(.*?)```", text[text.index("## Layout") :], flags=re.S)
    entries: dict[str, str] = {}
    name = None
    for line in blocks[1].splitlines():
        if line[:1].strip():
            name, _, line = line.partition(" ")
            name = name.rstrip("/")
            entries[name] = ""
        entries[name] += " " + line.strip()
    return entries


def sub_packages(feature: str) -> list[str]:
    return sorted(p.name for p in (TESSERA / feature).iterdir() if (p / "__init__.py").is_file())


@pytest.mark.parametrize("feature", FEATURES)
def test_the_map_names_every_sub_package_of_a_feature(feature):
    described = code_map()[feature]
    missing = [name for name in sub_packages(feature) if f"{name}/" not in described]
    assert not missing, f"README's map of {feature}/ does not name {missing}"


@pytest.mark.parametrize("feature", FEATURES)
def test_the_map_names_no_sub_package_that_is_gone(feature):
    named = re.findall(r"\b([a-z_]+)/", code_map()[feature])
    assert set(named) <= set(sub_packages(feature)), f"README's map of {feature}/ names what is not there"


@pytest.mark.parametrize("feature", FEATURES)
def test_every_sub_package_registers_its_routes_in_its_own_init(feature):
    for name in sub_packages(feature):
        views = TESSERA / feature / name / "views.py"
        if views.is_file():
            assert "def includeme" in (TESSERA / feature / name / "__init__.py").read_text(), f"{feature}/{name}"
            assert "add_route" not in views.read_text(), f"{feature}/{name}/views.py adds routes"


def test_no_feature_keeps_suffix_named_modules():
    suffixed = [
        str(p.relative_to(TESSERA))
        for p in TESSERA.rglob("*")
        if re.search(r"_(views|models|cli|commands)\.py$|^openapi_.+\.yaml$", p.name)
    ]
    assert not suffixed
