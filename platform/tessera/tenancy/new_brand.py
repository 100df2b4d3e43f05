"""A new brand folder from a template that ships with Tessera (``templates/<name>/``): its files
copied, ``${slug}``, ``${name}``, ``${host}``, ``${public_url}``, ``${currency}``, ``${timezone}`` and
``${language}`` filled in tenant.toml. The neutral template names no market: no region limits, no plugins."""

import shutil
from pathlib import Path
from string import Template

from tessera.tenancy.loader import SLUG

TEMPLATES = Path(__file__).parent / "templates"
DEFAULT_TEMPLATE = "neutral"


class NewBrandRefused(ValueError):
    """Why a brand folder cannot be made (the folder is left as it was)."""


def templates() -> list[str]:
    return sorted(p.name for p in TEMPLATES.iterdir() if (p / "tenant.toml").is_file())


def placeholders(slug: str, **given: str | None) -> dict[str, str]:
    """The values a template is filled with: those given, else safe placeholders."""
    values = {
        "name": slug.replace("-", " ").title(),
        "host": f"{slug}.localhost",
        "currency": "USD",
        "timezone": "UTC",
        "language": "en",
    }
    values.update({key: value for key, value in given.items() if value is not None})
    # A development host is served by `make run` on its port; a real one over https.
    local = values["host"].endswith(".localhost")
    values.setdefault("public_url", f"http://{values['host']}:6543" if local else f"https://{values['host']}")
    return {key: _toml_text(value) for key, value in {"slug": slug, **values}.items()}


def _toml_text(value: str) -> str:
    """``value`` as it is written inside a TOML string's quotes."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def make_brand_folder(tenants_dir: Path, slug: str, template: str, values: dict[str, str]) -> Path:
    """``tenants_dir/slug`` from ``template``; refused for a bad slug, an unknown template or a
    folder that exists."""
    if not SLUG.match(slug):
        raise NewBrandRefused(
            f"'{slug}' is not a brand slug: lower-case letters, digits and '-', starting with a letter or digit"
        )
    if template not in templates():
        raise NewBrandRefused(f"no template '{template}' (there are: {', '.join(templates())})")
    target = tenants_dir / slug
    if target.exists():
        raise NewBrandRefused(f"{target} exists already: a new brand needs a folder of its own")
    tenants_dir.mkdir(parents=True, exist_ok=True)
    shutil.copytree(TEMPLATES / template, target)
    config = target / "tenant.toml"
    config.write_text(Template(config.read_text("utf-8")).safe_substitute(values), "utf-8")
    return target
