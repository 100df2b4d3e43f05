"""Reading and validating the tenant folders (``tenants/<slug>/``).

A folder is checked whole: tenant.toml against the schema, then the rules a schema cannot say
(languages, time zone, hosts unique across brands, installed plugins and their own settings),
then its content (help, banners, notices, footer; see :mod:`tessera.tenancy.content`) and the
assets that content names. Any error refuses the whole set; nothing is half-loaded.
"""
import difflib
import ipaddress
import json
import re
import tomllib
from dataclasses import dataclass, field
from datetime import tzinfo
from pathlib import Path
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError

from tessera.core.i18n import known
from tessera.system.patterns import ANY, PATTERNS
from tessera.tenancy.assets import asset_segments, find_asset, is_https_url
from tessera.tenancy.content import (
    BANNERS_SCHEMA,
    FOOTER_SCHEMA,
    HELP_SCHEMA,
    NOTICES_SCHEMA,
    ContentValidator,
    brand_zone,
    moment,
)
from tessera.tenancy.context import ENV_PREFIX

SCHEMA = json.loads((Path(__file__).parent / "tenant.schema.json").read_text())
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# An internal route, not "//host" or "/\host", which browsers read as another site.
ROUTE = re.compile(r"^/(?![/\\])[^\s\\]*$")

format_checker = FormatChecker()


@format_checker.checks("cidr", raises=ValueError)
def _is_cidr(value) -> bool:
    if isinstance(value, str):
        ipaddress.ip_network(value, strict=False)
    return True


@dataclass(frozen=True)
class LoadError:
    file: str
    key: str
    reason: str

    def __str__(self):
        return f"{self.file}: {self.key or '(file)'}: {self.reason}"


@dataclass
class TenantSource:
    slug: str
    config: dict
    help: dict = field(default_factory=dict)  # language -> list of sections
    banners: list = field(default_factory=list)  # in file order
    notices: dict = field(default_factory=dict)  # language -> list of notices
    footer: dict = field(default_factory=dict)  # language -> the footer document


class TenantLoadFailed(Exception):
    def __init__(self, errors: list[LoadError]):
        super().__init__("\n".join(map(str, errors)))
        self.errors = errors


def _key(path) -> str:
    return ".".join(str(p) for p in path)


def _unknown_key(name, known) -> str:
    close = difflib.get_close_matches(str(name), [str(k) for k in known], n=1)
    return f"unknown key '{name}'" + (f" (did you mean '{close[0]}'?)" if close else "")


def _located(error) -> list[tuple[list, str]]:
    """Where a schema error is and why: an unknown or missing key is named in the key itself."""
    path = list(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        known = error.schema.get("properties", {})
        patterns = error.schema.get("patternProperties", {})
        return [
            ([*path, name], _unknown_key(name, known))
            for name in error.instance
            if name not in known and not any(re.search(p, name) for p in patterns)
        ]
    if "propertyNames" in error.schema_path:
        reason = _unknown_key(error.instance, error.validator_value) if error.validator == "enum" else error.message
        return [([*path, error.instance], reason)]
    if error.validator == "required" and isinstance(error.instance, dict):
        return [([*path, name], "is required") for name in error.validator_value if name not in error.instance]
    return [(path, error.message)]


def _schema_errors(validator, document, file) -> list[LoadError]:
    found = [
        LoadError(file, _key(path), reason)
        for error in validator.iter_errors(document)
        for path, reason in _located(error)
    ]
    return sorted(dict.fromkeys(found), key=lambda e: e.key)


def _read_toml(path: Path, root: Path, errors: list) -> dict | None:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        errors.append(LoadError(str(path.relative_to(root)), "", f"not valid TOML: {exc}"))
        return None


def _language_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    for i, code in enumerate(config["languages"]):
        if known(code) != code:
            errors.append(LoadError(file, f"languages.{i}", f"'{code}' is not a supported language code"))
    if config["default_language"] not in config["languages"]:
        errors.append(LoadError(file, "default_language", "must be one of languages"))
    return errors


def _register_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    for name, field_settings in config.get("register", {}).get("fields", {}).items():
        pattern_id = field_settings.get("pattern_id")
        if pattern_id and pattern_id not in PATTERNS:
            errors.append(LoadError(file, f"register.fields.{name}.pattern_id", f"unknown pattern '{pattern_id}'"))
        accepted = field_settings.get("accepted_pattern")
        if accepted and accepted != ANY:
            try:
                re.compile(accepted)
            except re.error as exc:
                errors.append(LoadError(file, f"register.fields.{name}.accepted_pattern", f"not a regular expression: {exc}"))
        if field_settings.get("min_length", 0) > field_settings.get("max_length", 255):
            errors.append(LoadError(file, f"register.fields.{name}", "min_length is greater than max_length"))
    return errors


def _secret_errors(value, path: list, file: str) -> list[LoadError]:
    if isinstance(value, str) and value.startswith(ENV_PREFIX) and not ENV_NAME.match(value[len(ENV_PREFIX):]):
        return [LoadError(file, _key(path), f"'{value}' does not name an environment variable")]
    if isinstance(value, dict):
        return [e for k, v in value.items() for e in _secret_errors(v, [*path, k], file)]
    if isinstance(value, list):
        return [e for i, v in enumerate(value) for e in _secret_errors(v, [*path, i], file)]
    return []


def _plugin_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    for name, settings in config.get("plugins", {}).items():
        if name not in plugin_schemas:
            errors.append(LoadError(file, f"plugins.{name}", "no such plugin is installed"))
            continue
        errors.extend(_secret_errors(settings, ["plugins", name], file))
        schema = plugin_schemas[name]
        if not schema:
            continue
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            errors.append(LoadError(file, f"plugins.{name}", f"the plugin's SETTINGS_SCHEMA is not valid: {exc.message}"))
            continue
        own = {k: v for k, v in settings.items() if k != "enabled"}
        validator = Draft202012Validator(schema, format_checker=format_checker)
        for error in _schema_errors(validator, own, file):
            errors.append(LoadError(file, ".".join(filter(None, ["plugins", name, error.key])), error.reason))
    return errors


def _timezone_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    name = config.get("timezone")
    if name is None:
        return []
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return [LoadError(file, "timezone", f"'{name}' is not an IANA time zone (such as 'Asia/Dhaka')")]
    return []


# Each rule reads only these top-level keys, and runs only when the schema found them well formed.
RULES = (
    (("languages", "default_language"), _language_errors),
    (("timezone",), _timezone_errors),
    (("register",), _register_errors),
    (("plugins",), _plugin_errors),
)


def _top_keys(errors: list[LoadError]) -> set[str]:
    return {e.key.split(".")[0] for e in errors}


def _rule_errors(config: dict, file: str, plugin_schemas: dict, schema_errors: list[LoadError]) -> list[LoadError]:
    broken = _top_keys(schema_errors)
    return [
        error
        for keys, rule in RULES
        if not broken.intersection(keys)
        for error in rule(config, file, plugin_schemas)
    ]


def _host_errors(config: dict, file: str, slug: str, hosts: dict[str, str]) -> list[LoadError]:
    """A host belongs to one brand; ``hosts`` collects them across the brands read so far."""
    errors = []
    domains = config.get("domains")
    for i, domain in enumerate(domains if isinstance(domains, list) else []):
        host = domain.get("host") if isinstance(domain, dict) else None
        if not isinstance(host, str):
            continue
        if host in hosts:
            errors.append(LoadError(file, f"domains.{i}.host", f"'{host}' is already used by {hosts[host]}"))
        else:
            hosts[host] = slug
    return errors


@dataclass(frozen=True)
class _Folder:
    """A brand folder, as its content is checked against it."""

    path: Path
    root: Path
    languages: list | None  # None when tenant.toml's are broken: files are not checked against them
    default_language: str | None
    zone: tzinfo

    def name(self, path: Path) -> str:
        return str(path.relative_to(self.root))


def _image_errors(folder: _Folder, reference: str, file: str, key: str) -> list[LoadError]:
    if is_https_url(reference):
        return []
    if asset_segments(reference) is None:
        return [LoadError(file, key, f"'{reference}' is neither an https URL nor a path inside assets/ (names of "
                                     "letters, digits, '.', '_' and '-', ending in an image or font extension)")]
    if find_asset(folder.root, folder.path.name, reference) is None:
        return [LoadError(file, key, f"'{reference}' is not a file in {folder.path.name}/assets/")]
    return []


def _link_errors(entry: dict, file: str, at: str) -> list[LoadError]:
    link = entry.get("link")
    if link is None or ROUTE.match(link) or is_https_url(link):
        return []
    return [LoadError(file, f"{at}.link", f"'{link}' is neither a route starting with '/' nor an https URL")]


def _unique_key_errors(items: list, file: str, name: str) -> list[LoadError]:
    first, errors = {}, []
    for i, item in enumerate(items):
        if item["key"] in first:
            errors.append(LoadError(file, f"{name}.{i}.key", f"'{item['key']}' is already used by {name}.{first[item['key']]}"))
        first.setdefault(item["key"], i)
    return errors


def _window_errors(item: dict, names: tuple[str, str], folder: _Folder, file: str, at: str) -> list[LoadError]:
    start, end = (item.get(name) for name in names)
    if start is None or end is None or moment(end, folder.zone, end=True) > moment(start, folder.zone):
        return []
    return [LoadError(file, f"{at}.{names[1]}", f"must be after {names[0]}")]


def _title_errors(titles: dict, folder: _Folder, file: str, at: str) -> list[LoadError]:
    if folder.languages is None:
        return []
    errors = [
        LoadError(file, f"{at}.{code}", f"'{code}' is not one of the brand's languages")
        for code in titles if code not in folder.languages
    ]
    if folder.default_language is not None and folder.default_language not in titles:
        errors.append(LoadError(file, f"{at}.{folder.default_language}", "is required: the brand's default language"))
    return errors


def _help_rules(document: dict, folder: _Folder, file: str) -> list[LoadError]:
    keys = [s["key"] for s in document["sections"]]
    return [] if len(keys) == len(set(keys)) else [LoadError(file, "sections", "section keys must be unique")]


def _banner_rules(document: dict, folder: _Folder, file: str) -> list[LoadError]:
    errors = _unique_key_errors(document["banners"], file, "banners")
    for i, banner in enumerate(document["banners"]):
        at = f"banners.{i}"
        errors += _image_errors(folder, banner["image"], file, f"{at}.image")
        errors += _link_errors(banner, file, at)
        errors += _title_errors(banner["title"], folder, file, f"{at}.title")
        errors += _window_errors(banner, ("starts", "ends"), folder, file, at)
    return errors


def _notice_rules(document: dict, folder: _Folder, file: str) -> list[LoadError]:
    errors = _unique_key_errors(document["notices"], file, "notices")
    for i, notice in enumerate(document["notices"]):
        errors += _window_errors(notice, ("start_date", "end_date"), folder, file, f"notices.{i}")
    return errors


def _footer_rules(document: dict, folder: _Folder, file: str) -> list[LoadError]:
    entries = [(f"{part}.{i}", entry) for part in ("licences", "protection") for i, entry in enumerate(document.get(part, []))]
    if "responsibility" in document:
        entries.append(("responsibility", document["responsibility"]))
    errors = []
    for at, entry in entries:
        errors += _image_errors(folder, entry["image"], file, f"{at}.image")
        errors += _link_errors(entry, file, at)
    return errors


def _content_file(path: Path, folder: _Folder, schema: dict, rules, errors: list) -> dict | None:
    """One content file, checked against its schema and then its rules; None when it has problems."""
    file = folder.name(path)
    document = _read_toml(path, folder.root, errors)
    if document is None:
        return None
    found = _schema_errors(ContentValidator(schema), document, file) or rules(document, folder, file)
    errors.extend(found)
    return None if found else document


def _per_language(folder: _Folder, kind: str, schema: dict, rules, errors: list) -> dict:
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


def _load_content(folder: _Folder, errors: list) -> dict:
    banners = folder.path / "content" / "banners.toml"
    banners_document = _content_file(banners, folder, BANNERS_SCHEMA, _banner_rules, errors) if banners.exists() else None
    help_documents = _per_language(folder, "help", HELP_SCHEMA, _help_rules, errors)
    notice_documents = _per_language(folder, "notices", NOTICES_SCHEMA, _notice_rules, errors)
    return {
        "help": {language: document["sections"] for language, document in help_documents.items()},
        "banners": (banners_document or {}).get("banners", []),
        "notices": {language: document["notices"] for language, document in notice_documents.items()},
        "footer": _per_language(folder, "footer", FOOTER_SCHEMA, _footer_rules, errors),
    }


def _content_folder(folder: Path, root: Path, config: dict, schema_errors: list[LoadError]) -> _Folder:
    broken = _top_keys(schema_errors)
    languages = None if "languages" in broken else config["languages"]
    default = config.get("default_language")
    if languages is None or "default_language" in broken or default not in languages:
        default = None
    return _Folder(folder, root, languages, default, brand_zone(config))


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
    schema_errors = _schema_errors(validator, config, file)
    content_folder = _content_folder(folder, root, config, schema_errors)
    found = [
        *schema_errors,
        *_rule_errors(config, file, plugin_schemas, schema_errors),
        *_host_errors(config, file, folder.name, hosts),
    ]
    if "logo" in config and "logo" not in _top_keys(schema_errors):
        found += _image_errors(content_folder, config["logo"], file, "logo")
    errors.extend(found)
    content = _load_content(content_folder, errors)
    return None if found else TenantSource(folder.name, config, **content)


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
