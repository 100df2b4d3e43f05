"""Reading the tenant folders (``tenants/<slug>/``) into what the sync loads.

A folder is read whole and checked as it is read (:mod:`tessera.tenancy.checks`): tenant.toml,
then its content (help, banners, notices, footer; see :mod:`tessera.tenancy.content`) and the
assets that content names. Any error refuses the whole set; nothing is half-loaded.
"""

import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jsonschema import Draft202012Validator

from tessera.tenancy.assets import find_asset, is_https_url
from tessera.tenancy.checks import (
    Folder,
    LoadError,
    app_icon_errors,
    banner_rules,
    footer_rules,
    format_checker,
    help_rules,
    host_errors,
    image_errors,
    notice_rules,
    rule_errors,
    schema_errors,
    top_keys,
)
from tessera.tenancy.content import (
    BANNERS_SCHEMA,
    FOOTER_SCHEMA,
    HELP_SCHEMA,
    NOTICES_SCHEMA,
    ContentValidator,
    brand_zone,
)
from tessera.tenancy.images import is_raster, measure
from tessera.tenancy.texts import override_errors

SCHEMA = json.loads((Path(__file__).parent / "tenant.schema.json").read_text())
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")


@dataclass
class TenantSource:
    slug: str
    config: dict
    help: dict = field(default_factory=dict)  # language -> list of sections
    banners: list = field(default_factory=list)  # in file order
    notices: dict = field(default_factory=dict)  # language -> list of notices
    footer: dict = field(default_factory=dict)  # language -> the footer document
    images: dict = field(default_factory=dict)  # asset path -> (file, ImageFacts) of every image shown


class TenantLoadFailed(Exception):
    def __init__(self, errors: list[LoadError]):
        super().__init__("\n".join(map(str, errors)))
        self.errors = errors


def _read_toml(path: Path, root: Path, errors: list) -> dict | None:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        errors.append(LoadError(str(path.relative_to(root)), "", f"not valid TOML: {exc}"))
        return None


def _content_file(path: Path, folder: Folder, schema: dict, rules, errors: list) -> dict | None:
    """One content file, checked against its schema and then its rules; None when it has problems."""
    file = folder.name(path)
    document = _read_toml(path, folder.root, errors)
    if document is None:
        return None
    found = schema_errors(ContentValidator(schema), document, file) or rules(document, folder, file)
    errors.extend(found)
    return None if found else document


def _per_language(folder: Folder, kind: str, schema: dict, rules, errors: list) -> dict:
    """``content/<kind>/<lang>.toml``: language -> document, for the brand's languages only."""
    documents = {}
    for path in sorted((folder.path / "content" / kind).glob("*.toml")):
        if folder.languages is not None and path.stem not in folder.languages:
            errors.append(LoadError(folder.name(path), "", f"'{path.stem}' is not one of the brand's languages"))
            continue
        document = _content_file(path, folder, schema, rules, errors)
        if document is not None:
            documents[path.stem] = document
    return documents


def _load_content(folder: Folder, errors: list) -> dict:
    banners = folder.path / "content" / "banners.toml"
    banners_document = (
        _content_file(banners, folder, BANNERS_SCHEMA, banner_rules, errors) if banners.exists() else None
    )
    help_documents = _per_language(folder, "help", HELP_SCHEMA, help_rules, errors)
    notice_documents = _per_language(folder, "notices", NOTICES_SCHEMA, notice_rules, errors)
    return {
        "help": {language: document["sections"] for language, document in help_documents.items()},
        "banners": (banners_document or {}).get("banners", []),
        "notices": {language: document["notices"] for language, document in notice_documents.items()},
        "footer": _per_language(folder, "footer", FOOTER_SCHEMA, footer_rules, errors),
    }


def _content_folder(folder: Path, root: Path, config: dict, malformed: list[LoadError]) -> Folder:
    broken = top_keys(malformed)
    languages = None if "languages" in broken else config["languages"]
    default = config.get("default_language")
    if languages is None or "default_language" in broken or default not in languages:
        default = None
    return Folder(folder, root, languages, default, brand_zone(config))


def _load_brand(folder: Path, root: Path, validator, plugin_schemas: dict, hosts: dict, errors: list):
    file = str((folder / "tenant.toml").relative_to(root))
    if not SLUG.match(folder.name):
        errors.append(LoadError(folder.name, "", "a brand folder name is lower-case letters, digits and '-'"))
        return None
    if not (folder / "tenant.toml").exists():
        errors.append(LoadError(file, "", "missing"))
        return None
    config = _read_toml(folder / "tenant.toml", root, errors)
    if config is None:
        return None
    malformed = schema_errors(validator, config, file)
    content_folder = _content_folder(folder, root, config, malformed)
    found = [
        *malformed,
        *rule_errors(config, file, plugin_schemas, malformed),
        *host_errors(config, file, folder.name, hosts),
    ]
    if "logo" in config and "logo" not in top_keys(malformed):
        found += image_errors(content_folder, config["logo"], file, "logo")
    if "fonts" not in top_keys(malformed):
        for i, font in enumerate(config.get("fonts", {}).get("files", [])):
            found += image_errors(content_folder, font["path"], file, f"fonts.files.{i}.path")
    if "app" not in top_keys(malformed):
        for i, icon in enumerate(config.get("app", {}).get("icons", [])):
            found += app_icon_errors(content_folder, icon, file, f"app.icons.{i}")
    found += override_errors(folder, root, content_folder.languages)
    errors.extend(found)
    content = _load_content(content_folder, errors)
    if found:
        return None
    source = TenantSource(folder.name, config, **content)
    source.images = measured_images(source, root)
    return source


def measured_images(source: TenantSource, root: Path) -> dict:
    """The brand's own images its pages show (logo, banners, footer pictures), measured; the checks
    have refused any that cannot be read, and fonts and https URLs are not among them."""
    references = [source.config.get("logo"), *(banner["image"] for banner in source.banners)]
    for footer in source.footer.values():
        entries = [*footer.get("licences", []), *footer.get("protection", []), footer.get("responsibility")]
        references += [entry["image"] for entry in entries if entry]
    images = {}
    for reference in dict.fromkeys(r for r in references if r and not is_https_url(r)):
        found = find_asset(root, source.slug, reference)
        if found is not None and (is_raster(found) or found.suffix.lower() == ".svg"):
            images[reference] = (found, measure(found))
    return images


def load_tenants(root: Path, plugin_schemas: dict) -> list[TenantSource]:
    """Every brand under ``root``, or :class:`TenantLoadFailed` naming each problem.

    ``plugin_schemas`` maps each installed plugin's name to its settings schema (or None).
    Folders whose names start with a dot are not brands and are skipped.
    """
    if not root.is_dir():
        raise TenantLoadFailed([LoadError(str(root), "", "the tenants folder does not exist")])
    errors: list[LoadError] = []
    hosts: dict[str, str] = {}
    validator = Draft202012Validator(SCHEMA, format_checker=format_checker)
    sources = [
        source
        for folder in sorted(p for p in root.iterdir() if p.is_dir() and not p.name.startswith("."))
        if (source := _load_brand(folder, root, validator, plugin_schemas, hosts, errors)) is not None
    ]
    if errors:
        raise TenantLoadFailed(errors)
    if not sources:
        raise TenantLoadFailed([LoadError(str(root), "", "no brand folders found")])
    return sources
