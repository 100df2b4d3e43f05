"""The checks of a brand folder (``tenants/<slug>/``): tenant.toml against its schema, then the
rules a schema cannot say (languages, time zone, register patterns, installed plugins and their
own settings, the secrets a live brand's plugins read from the environment, hosts unique across
brands), then its content files and the assets they name. Each problem is a :class:`LoadError`
naming the file, the key and the reason; where a value does not fit a pattern, the reason says
what to write (the schema's ``x-expected``).
"""

import difflib
import ipaddress
import os
import re
from dataclasses import dataclass
from datetime import tzinfo
from pathlib import Path
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError
from PIL import Image, UnidentifiedImageError

from tessera.core.i18n import LANGUAGES, known
from tessera.tenancy.assets import asset_segments, find_asset, is_https_url
from tessera.tenancy.content import moment
from tessera.tenancy.context import ENV_PREFIX, enabled_plugins
from tessera.tenancy.currency import currency_errors
from tessera.tenancy.images import ImageRefused, is_raster, measure
from tessera.tenancy.look import AA_TEXT, contrast_problems
from tessera.tenancy.patterns import ANY, PATTERNS

ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
# An internal route, not "//host" or "/\host", which browsers read as another site.
ROUTE = re.compile(r"^/(?![/\\])[^\s\\]*$")
# A schema's words for what to write where a value does not fit (instead of its pattern).
EXPECTED = "x-expected"
# Refusals that only name a pattern or a failed alternative: with EXPECTED, they say what to write.
REPHRASED = frozenset({"pattern", "format", "oneOf", "anyOf", "minLength"})

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
        properties = error.schema.get("properties", {})
        return [
            ([*path, name], _required(properties.get(name, {})))
            for name in error.validator_value
            if name not in error.instance
        ]
    expected = error.schema.get(EXPECTED)
    if expected and error.validator in REPHRASED:
        return [(path, f"{_shown(error.instance)} is not {expected}")]
    return [(path, error.message)]


def _required(schema) -> str:
    expected = schema.get(EXPECTED) if isinstance(schema, dict) else None
    return f"is required: {expected}" if expected else "is required"


def _shown(value) -> str:
    return f"'{value}'" if isinstance(value, str) else repr(value)


def schema_errors(validator, document, file) -> list[LoadError]:
    found = [
        LoadError(file, _key(path), reason)
        for error in validator.iter_errors(document)
        for path, reason in _located(error)
    ]
    return sorted(dict.fromkeys(found), key=lambda e: e.key)


def _language_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    for i, code in enumerate(config["languages"]):
        if known(code) != code:
            errors.append(
                LoadError(
                    file, f"languages.{i}", f"'{code}' is not an offered language (offered: {', '.join(LANGUAGES)})"
                )
            )
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
                errors.append(
                    LoadError(file, f"register.fields.{name}.accepted_pattern", f"not a regular expression: {exc}")
                )
        if field_settings.get("min_length", 0) > field_settings.get("max_length", 255):
            errors.append(LoadError(file, f"register.fields.{name}", "min_length is greater than max_length"))
    return errors


def _secret_errors(value, path: list, file: str, needed: bool) -> list[LoadError]:
    """A secret ``env:NAME`` names a variable; one that is ``needed`` (a live brand's enabled
    plugin) must be set, since an unset one would fail only when a member first needs it."""
    if isinstance(value, str) and value.startswith(ENV_PREFIX):
        name = value[len(ENV_PREFIX) :]
        if not ENV_NAME.match(name):
            return [LoadError(file, _key(path), f"'{value}' does not name an environment variable")]
        if needed and not os.environ.get(name):
            return [
                LoadError(
                    file,
                    _key(path),
                    f"the environment variable {name} is not set: set it where tessera runs "
                    "(a brand not yet live may say 'development = true' instead)",
                )
            ]
    if isinstance(value, dict):
        return [e for k, v in value.items() for e in _secret_errors(v, [*path, k], file, needed)]
    if isinstance(value, list):
        return [e for i, v in enumerate(value) for e in _secret_errors(v, [*path, i], file, needed)]
    return []


def _plugin_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    live = not config.get("development", False)
    enabled = enabled_plugins(config)
    for name, settings in config.get("plugins", {}).items():
        if name not in plugin_schemas:
            errors.append(LoadError(file, f"plugins.{name}", "no such plugin is installed"))
            continue
        errors.extend(_secret_errors(settings, ["plugins", name], file, live and name in enabled))
        schema = plugin_schemas[name]
        if not schema:
            continue
        try:
            Draft202012Validator.check_schema(schema)
        except SchemaError as exc:
            errors.append(
                LoadError(file, f"plugins.{name}", f"the plugin's SETTINGS_SCHEMA is not valid: {exc.message}")
            )
            continue
        own = {k: v for k, v in settings.items() if k != "enabled"}
        validator = Draft202012Validator(schema, format_checker=format_checker)
        for error in schema_errors(validator, own, file):
            errors.append(LoadError(file, ".".join(filter(None, ["plugins", name, error.key])), error.reason))
    return errors


def _timezone_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    name = config["timezone"]
    try:
        ZoneInfo(name)
    except (ZoneInfoNotFoundError, ValueError):
        return [LoadError(file, "timezone", f"'{name}' is not an IANA time zone (such as 'Asia/Dhaka' or 'UTC')")]
    return []


def _currency_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    return currency_errors(config, file, LoadError)


def _public_url_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    """The brand's address is one of its own hosts (a vendor's or gateway's call to it must reach
    this brand), and no more than scheme, host and port."""
    url = config["public_url"]
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 -- raises for a port that is not one
    except ValueError:
        return [LoadError(file, "public_url", f"'{url}' is not an address")]
    if parts.username is not None or parts.password is not None:
        return [LoadError(file, "public_url", "must not carry a user name or password")]
    host = f"[{parts.hostname}]" if ":" in (parts.hostname or "") else parts.hostname
    if host not in {d.get("host") for d in config["domains"] if isinstance(d, dict)}:
        return [LoadError(file, "public_url", f"'{host}' is not one of the brand's domains")]
    return []


def _colour_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    return [
        LoadError(
            file,
            f"colours.{theme}.{text}",
            f"{text} {colours[text]} on {ground} {colours[ground]} has a contrast of {int(ratio * 100) / 100:.2f}:1, "
            f"below the {AA_TEXT}:1 that WCAG AA asks of text",
        )
        for theme, colours in config.get("colours", {}).items()
        for text, ground, ratio in contrast_problems(colours)
    ]


# Each rule reads only these top-level keys, and runs only when the schema found them well formed.
RULES = (
    (("languages", "default_language"), _language_errors),
    (("timezone",), _timezone_errors),
    (("register",), _register_errors),
    (("plugins", "development"), _plugin_errors),
    (("currency", "wallet"), _currency_errors),
    (("public_url", "domains"), _public_url_errors),
    (("colours",), _colour_errors),
)


def top_keys(errors: list[LoadError]) -> set[str]:
    return {e.key.split(".")[0] for e in errors}


def rule_errors(config: dict, file: str, plugin_schemas: dict, malformed: list[LoadError]) -> list[LoadError]:
    """The rules' errors; a rule whose keys the schema found ``malformed`` is not run."""
    broken = top_keys(malformed)
    return [
        error for keys, rule in RULES if not broken.intersection(keys) for error in rule(config, file, plugin_schemas)
    ]


def host_errors(config: dict, file: str, slug: str, hosts: dict[str, str]) -> list[LoadError]:
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
class Folder:
    """A brand folder, as its content is checked against it."""

    path: Path
    root: Path
    languages: list | None  # None when tenant.toml's are broken: files are not checked against them
    default_language: str | None
    zone: tzinfo

    def name(self, path: Path) -> str:
        return str(path.relative_to(self.root))


def image_errors(folder: Folder, reference: str, file: str, key: str) -> list[LoadError]:
    if is_https_url(reference):
        return []
    if asset_segments(reference) is None:
        return [
            LoadError(
                file,
                key,
                f"'{reference}' is neither an https URL nor a path inside assets/ (names of "
                "letters, digits, '.', '_' and '-', ending in an image or font extension)",
            )
        ]
    found = find_asset(folder.root, folder.path.name, reference)
    if found is None:
        return [
            LoadError(
                file,
                key,
                f"'{reference}' is not a file in {folder.path.name}/assets/: put the file at "
                f"{folder.path.name}/assets/{reference}, or name a file that is there or an https URL",
            )
        ]
    return _picture_errors(found, reference, file, key)


def _picture_errors(found: Path, reference: str, file: str, key: str) -> list[LoadError]:
    """An image the pages show must open and have a size (a font is not looked into)."""
    if not (is_raster(found) or found.suffix.lower() == ".svg"):
        return []
    try:
        measure(found)
    except ImageRefused as refused:
        return [LoadError(file, key, f"'{reference}' {refused}: replace the file or fix it")]
    return []


def app_icon_errors(folder: Folder, icon: dict, file: str, at: str) -> list[LoadError]:
    """An app icon is a file of the brand's assets (or an https URL) of the size it says it is:
    a launcher picks an icon by its declared size and would stretch one that is not."""
    errors = image_errors(folder, icon["path"], file, f"{at}.path")
    if errors or is_https_url(icon["path"]) or icon["sizes"] == "any":
        return errors
    found = find_asset(folder.root, folder.path.name, icon["path"])
    if found is None or found.suffix.lower() == ".svg":
        return []
    try:
        with Image.open(found) as image:
            size = f"{image.width}x{image.height}"
    except (OSError, UnidentifiedImageError):
        return [LoadError(file, f"{at}.path", f"'{icon['path']}' is not an image")]
    if size != icon["sizes"]:
        return [LoadError(file, f"{at}.sizes", f"'{icon['sizes']}', but '{icon['path']}' is {size} pixels")]
    return []


def _link_errors(entry: dict, file: str, at: str) -> list[LoadError]:
    link = entry.get("link")
    if link is None or ROUTE.match(link) or is_https_url(link):
        return []
    return [LoadError(file, f"{at}.link", f"'{link}' is neither a route starting with '/' nor an https URL")]


def _unique_key_errors(items: list, file: str, name: str) -> list[LoadError]:
    first: dict = {}
    errors: list[LoadError] = []
    for i, item in enumerate(items):
        if item["key"] in first:
            errors.append(
                LoadError(file, f"{name}.{i}.key", f"'{item['key']}' is already used by {name}.{first[item['key']]}")
            )
        first.setdefault(item["key"], i)
    return errors


def _window_errors(item: dict, names: tuple[str, str], folder: Folder, file: str, at: str) -> list[LoadError]:
    start, end = (item.get(name) for name in names)
    if start is None or end is None or moment(end, folder.zone, end=True) > moment(start, folder.zone):
        return []
    return [LoadError(file, f"{at}.{names[1]}", f"must be after {names[0]}")]


def _title_errors(titles: dict, folder: Folder, file: str, at: str) -> list[LoadError]:
    if folder.languages is None:
        return []
    errors = [
        LoadError(file, f"{at}.{code}", f"'{code}' is not one of the brand's languages")
        for code in titles
        if code not in folder.languages
    ]
    if folder.default_language is not None and folder.default_language not in titles:
        errors.append(LoadError(file, f"{at}.{folder.default_language}", "is required: the brand's default language"))
    return errors


def help_rules(document: dict, folder: Folder, file: str) -> list[LoadError]:
    keys = [s["key"] for s in document["sections"]]
    return [] if len(keys) == len(set(keys)) else [LoadError(file, "sections", "section keys must be unique")]


def banner_rules(document: dict, folder: Folder, file: str) -> list[LoadError]:
    errors = _unique_key_errors(document["banners"], file, "banners")
    for i, banner in enumerate(document["banners"]):
        at = f"banners.{i}"
        errors += image_errors(folder, banner["image"], file, f"{at}.image")
        errors += _link_errors(banner, file, at)
        errors += _title_errors(banner["title"], folder, file, f"{at}.title")
        errors += _window_errors(banner, ("starts", "ends"), folder, file, at)
    return errors


def notice_rules(document: dict, folder: Folder, file: str) -> list[LoadError]:
    errors = _unique_key_errors(document["notices"], file, "notices")
    for i, notice in enumerate(document["notices"]):
        errors += _window_errors(notice, ("start_date", "end_date"), folder, file, f"notices.{i}")
    return errors


def footer_rules(document: dict, folder: Folder, file: str) -> list[LoadError]:
    entries = [
        (f"{part}.{i}", entry) for part in ("licences", "protection") for i, entry in enumerate(document.get(part, []))
    ]
    if "responsibility" in document:
        entries.append(("responsibility", document["responsibility"]))
    errors = []
    for at, entry in entries:
        errors += image_errors(folder, entry["image"], file, f"{at}.image")
        errors += _link_errors(entry, file, at)
    return errors
