"""Reading and validating the tenant folders (``tenants/<slug>/``).

A folder is checked whole: tenant.toml against the schema, then the rules a schema cannot say
(languages, hosts unique across brands, installed plugins and their own settings, help
content). Any error refuses the whole set; nothing is half-loaded.
"""
import difflib
import ipaddress
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker
from jsonschema.exceptions import SchemaError

from ..i18n import known
from ..system.patterns import ANY, PATTERNS
from .context import ENV_PREFIX

SCHEMA = json.loads((Path(__file__).parent / "tenant.schema.json").read_text())
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
ENV_NAME = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")
HELP_SCHEMA = {
    "type": "object",
    "additionalProperties": False,
    "required": ["sections"],
    "properties": {
        "sections": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["key", "title", "body"],
                "properties": {
                    "key": {"type": "string", "pattern": "^[a-z0-9_-]{1,40}$"},
                    "title": {"type": "string", "minLength": 1, "maxLength": 200},
                    "body": {"type": "string"},
                },
            },
        }
    },
}

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


# Each rule reads only these top-level keys, and runs only when the schema found them well formed.
RULES = (
    (("languages", "default_language"), _language_errors),
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


def _load_help(folder: Path, root: Path, languages: list | None, errors: list) -> dict:
    help_content = {}
    validator = Draft202012Validator(HELP_SCHEMA)
    for path in sorted((folder / "content" / "help").glob("*.toml")):
        file = str(path.relative_to(root))
        if languages is not None and path.stem not in languages:
            errors.append(LoadError(file, "", f"'{path.stem}' is not one of the brand's languages"))
            continue
        document = _read_toml(path, root, errors)
        if document is None:
            continue
        found = _schema_errors(validator, document, file)
        if not found:
            keys = [s["key"] for s in document["sections"]]
            if len(keys) != len(set(keys)):
                found.append(LoadError(file, "sections", "section keys must be unique"))
        errors.extend(found)
        if not found:
            help_content[path.stem] = document["sections"]
    return help_content


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
    found = [
        *schema_errors,
        *_rule_errors(config, file, plugin_schemas, schema_errors),
        *_host_errors(config, file, folder.name, hosts),
    ]
    errors.extend(found)
    languages = None if "languages" in _top_keys(schema_errors) else config["languages"]
    help_content = _load_help(folder, root, languages, errors)
    return None if found else TenantSource(folder.name, config, help_content)


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
