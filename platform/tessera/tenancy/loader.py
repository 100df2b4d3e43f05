"""Reading and validating the tenant folders (``tenants/<slug>/``).

A folder is checked whole: tenant.toml against the schema, then the rules a schema cannot say
(languages, hosts unique across brands, installed plugins and their own settings, help
content). Any error refuses the whole set; nothing is half-loaded.
"""
import ipaddress
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from jsonschema import Draft202012Validator, FormatChecker

from ..i18n import known
from ..system.patterns import PATTERNS

SCHEMA = json.loads((Path(__file__).parent / "tenant.schema.json").read_text())
SLUG = re.compile(r"^[a-z0-9][a-z0-9-]{0,62}$")
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


def _schema_errors(validator, document, file) -> list[LoadError]:
    return [
        LoadError(file, _key(error.absolute_path), error.message)
        for error in sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
    ]


def _read_toml(path: Path, root: Path, errors: list) -> dict | None:
    try:
        return tomllib.loads(path.read_text("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        errors.append(LoadError(str(path.relative_to(root)), "", f"not valid TOML: {exc}"))
        return None


def _rule_errors(config: dict, file: str, plugin_schemas: dict) -> list[LoadError]:
    errors = []
    for i, code in enumerate(config["languages"]):
        if known(code) != code:
            errors.append(LoadError(file, f"languages.{i}", f"'{code}' is not a supported language code"))
    if config["default_language"] not in config["languages"]:
        errors.append(LoadError(file, "default_language", "must be one of languages"))
    for name, field_settings in config.get("register", {}).get("fields", {}).items():
        pattern_id = field_settings.get("pattern_id")
        if pattern_id and pattern_id not in PATTERNS:
            errors.append(LoadError(file, f"register.fields.{name}.pattern_id", f"unknown pattern '{pattern_id}'"))
        if field_settings.get("min_length", 0) > field_settings.get("max_length", 255):
            errors.append(LoadError(file, f"register.fields.{name}", "min_length is greater than max_length"))
    for name, settings in config.get("plugins", {}).items():
        if name not in plugin_schemas:
            errors.append(LoadError(file, f"plugins.{name}", "no such plugin is installed"))
            continue
        schema = plugin_schemas[name]
        if schema:
            validator = Draft202012Validator(schema, format_checker=format_checker)
            for error in validator.iter_errors({k: v for k, v in settings.items() if k != "enabled"}):
                errors.append(LoadError(file, _key(["plugins", name, *error.absolute_path]), error.message))
    return errors


def _load_help(folder: Path, root: Path, config: dict, errors: list) -> dict:
    help_content = {}
    validator = Draft202012Validator(HELP_SCHEMA)
    for path in sorted((folder / "content" / "help").glob("*.toml")):
        file = str(path.relative_to(root))
        if path.stem not in config.get("languages", []):
            errors.append(LoadError(file, "", f"'{path.stem}' is not one of the brand's languages"))
            continue
        document = _read_toml(path, root, errors)
        if document is None:
            continue
        found = _schema_errors(validator, document, file)
        keys = [s.get("key") for s in document.get("sections", [])]
        if len(keys) != len(set(keys)):
            found.append(LoadError(file, "sections", "section keys must be unique"))
        errors.extend(found)
        if not found:
            help_content[path.stem] = document["sections"]
    return help_content


def load_tenants(root: Path, plugin_schemas: dict) -> list[TenantSource]:
    """Every brand under ``root``, or :class:`TenantLoadFailed` naming each problem."""
    errors: list[LoadError] = []
    sources: list[TenantSource] = []
    hosts: dict[str, str] = {}
    validator = Draft202012Validator(SCHEMA, format_checker=format_checker)
    if not root.is_dir():
        raise TenantLoadFailed([LoadError(str(root), "", "the tenants folder does not exist")])
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        file = str((folder / "tenant.toml").relative_to(root))
        if not SLUG.match(folder.name):
            errors.append(LoadError(folder.name, "", "a brand folder name is lower-case letters, digits and '-'"))
            continue
        if not (folder / "tenant.toml").exists():
            errors.append(LoadError(file, "", "missing"))
            continue
        config = _read_toml(folder / "tenant.toml", root, errors)
        if config is None:
            continue
        found = _schema_errors(validator, config, file)
        if not found:
            found = _rule_errors(config, file, plugin_schemas)
        for i, domain in enumerate(config.get("domains", [])):
            host = domain.get("host") if isinstance(domain, dict) else None
            if host in hosts:
                found.append(LoadError(file, f"domains.{i}.host", f"'{host}' is already used by {hosts[host]}"))
            elif host:
                hosts[host] = folder.name
        errors.extend(found)
        help_content = _load_help(folder, root, config, errors)
        if not found:
            sources.append(TenantSource(folder.name, config, help_content))
    if errors:
        raise TenantLoadFailed(errors)
    if not sources:
        raise TenantLoadFailed([LoadError(str(root), "", "no brand folders found")])
    return sources
