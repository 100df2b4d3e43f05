"""What the system calls answer: status and permission info, flags, register settings,
routes, help content, footer and customer service, all from the brand's config and runtime state."""

from functools import partial

from sqlalchemy import or_, select
from zope.interface import implementer

from tessera.core.cache import memo
from tessera.core.envelope import Spliced, encode
from tessera.core.timeutil import iso, utcnow
from tessera.system.interfaces import IBrandStatus
from tessera.system.status import linkseal
from tessera.system.status.models import MaintenanceWindow
from tessera.tenancy.assets import asset_url
from tessera.tenancy.images import image_answer, recorded_images
from tessera.tenancy.loader import SCHEMA
from tessera.tenancy.models import CustomerServiceEntry, Footer, HelpSection
from tessera.tenancy.patterns import PATTERNS

NORMAL, MAINTENANCE, REGION_RESTRICTED = 0, 1, 2
FLAGS = tuple(SCHEMA["$defs"]["flag"]["enum"])
LIVE_CHAT = "3"
EMPTY_FOOTER: dict = {"description": "", "licences": [], "protection": [], "responsibility": None}

_OPTIONAL = {"enabled": False, "required": False, "pattern_id": "any", "min_length": 1, "max_length": 64}
REGISTER_DEFAULTS = {
    "username": {
        "enabled": True,
        "required": True,
        "pattern_id": "letterFirstAlnum",
        "min_length": 6,
        "max_length": 16,
    },
    "password": {
        "enabled": True,
        "required": True,
        "pattern_id": "lettersAndDigits",
        "min_length": 6,
        "max_length": 20,
    },
    "confirmPassword": {
        "enabled": True,
        "required": True,
        "pattern_id": "lettersAndDigits",
        "min_length": 6,
        "max_length": 20,
    },
    "mobileNum": {**_OPTIONAL, "pattern_id": "digits", "min_length": 7, "max_length": 15},
    "email": {**_OPTIONAL, "pattern_id": "email", "min_length": 5, "max_length": 64},
    "verificationCode": {**_OPTIONAL, "pattern_id": "any", "min_length": 1, "max_length": 255},
    "paymentPassword": {**_OPTIONAL, "pattern_id": "digits", "min_length": 6, "max_length": 6},
    "birthday": {**_OPTIONAL, "pattern_id": "dateYmd", "min_length": 10, "max_length": 10},
}
REGISTER_FIELDS = SCHEMA["$defs"]["registerField"]["enum"]


def active_maintenance(db) -> MaintenanceWindow | None:
    now = utcnow()
    return db.scalars(
        select(MaintenanceWindow)
        .where(
            MaintenanceWindow.starts_at <= now,
            or_(MaintenanceWindow.ends_at.is_(None), MaintenanceWindow.ends_at > now),
        )
        .order_by(MaintenanceWindow.starts_at.desc())
        .limit(1)
    ).first()


def is_region_restricted(tenant, region: str | None) -> bool:
    access = tenant.section("access")
    if region is None:
        return access.get("unknown_region", "allow") == "block"
    if region in access.get("blocked_regions", []):
        return True
    allowed = access.get("allowed_regions", [])
    return bool(allowed) and region not in allowed


def whitelabel(tenant) -> dict[str, bool]:
    return {flag: tenant.flag(flag) for flag in FLAGS}


def register_settings(tenant) -> dict:
    configured = tenant.section("register").get("fields", {})
    settings = {}
    for name in REGISTER_FIELDS:
        merged = {**_OPTIONAL, **REGISTER_DEFAULTS.get(name, {}), **configured.get(name, {})}
        if name == "mobileNum" and tenant.flag("MOBILENUMREG3"):
            # Mobile registration shows and requires the number unless the brand says otherwise (SPEC §5).
            merged = {**merged, "enabled": True, "required": True, **configured.get(name, {})}
        pattern = merged.get("accepted_pattern") or PATTERNS[merged["pattern_id"]].regex
        settings[name] = {
            "enabled": merged["enabled"],
            "required": merged["required"],
            "acceptedPattern": pattern,
            "patternId": merged["pattern_id"],
            "minLength": merged["min_length"],
            "maxLength": merged["max_length"],
        }
    return settings


def domain_route(domain) -> dict:
    """Where the shell lands on the host the call came to (a :class:`~tessera.tenancy.hosts.Domain`)."""
    return {"domain": domain.host, "route": domain.route, "referralCode": domain.referral_code}


def resources(tenant) -> list[dict]:
    return [
        {"resourceType": r["type"], "url": r["url"], "qrCodeUrl": r.get("qr_code_url"), "title": r.get("title")}
        for r in tenant.config.get("resources", [])
    ]


def routers(tenant) -> dict:
    return {"domainList": [d["host"] for d in tenant.config["domains"]], "resources": resources(tenant)}


def customer_service(db, plugins, language: str) -> list[dict]:
    """The brand's entries from its customer-service plugins and those its staff made, by
    position; the live-chat link sealed."""
    entries = plugins.customer_service_entries(language) + staff_entries(db, language)
    entries.sort(key=lambda e: e.get("csPosition", 0))
    return [{**e, "path": linkseal.seal(e["path"]) if e["csType"] == LIVE_CHAT else e["path"]} for e in entries]


def _title_in(titles: dict, language: str) -> str:
    return titles.get(language) or titles.get("en") or next(iter(titles.values()))


def staff_entries(db, language: str) -> list[dict]:
    """The customer-service entries the brand's staff made, as the plugins give theirs."""
    return [
        {"csType": e.cs_type, "title": _title_in(e.title, language), "path": e.url, "csPosition": e.position}
        for e in db.scalars(
            select(CustomerServiceEntry).order_by(CustomerServiceEntry.position, CustomerServiceEntry.id)
        )
    ]


def help_center(db, tenant, language: str) -> dict:
    for candidate in tenant.content_languages(language):
        sections = db.scalars(
            select(HelpSection).where(HelpSection.language == candidate).order_by(HelpSection.position, HelpSection.id)
        ).all()
        if sections:
            return {
                "language": candidate,
                "sections": [{"key": s.key, "title": s.title, "content": s.body_html} for s in sections],
            }
    return {"language": language, "sections": []}


def footer(db, tenant, language: str) -> dict:
    """The footer in ``language``, else the brand's default (then its other languages)."""
    for candidate in tenant.content_languages(language):
        found = db.scalar(select(Footer).where(Footer.language == candidate))
        if found is not None:
            return found.content
    return EMPTY_FOOTER


# The age a member confirms when registering, unless the brand asks for another (SPEC §5, §9: 18 or 21).
DEFAULT_LEGAL_AGE = 18


def logo_image(db, tenant) -> dict | None:
    """The logo with its size and smaller copies, for a page to reserve its room; None without one."""
    url = asset_url(tenant.config.get("logo"))
    if url is None:
        return None
    return {"url": url, **image_answer(recorded_images(db, [url]).get(url))}


def brand_summary(tenant, db) -> dict:
    """Who the brand is, as the status call and the shell's bootstrap tell the front end."""
    return {
        "slug": tenant.slug,
        "name": tenant.name,
        "currency": tenant.currency,
        "currencySymbol": tenant.currency_symbol,
        "ownCurrencySymbol": tenant.own_currency_symbol,
        "currencyPlaces": tenant.money.places,
        "moneyStep": tenant.money.step_text(),
        "defaultLanguage": tenant.default_language,
        "languages": tenant.languages,
        "theme": tenant.theme,
        "logo": asset_url(tenant.config.get("logo")),
        "logoImage": logo_image(db, tenant),
        "timezone": tenant.config.get("timezone") or "UTC",
        "dateZone": tenant.config.get("date_zone") or "brand",
        "legalAge": tenant.section("register").get("legal_age") or DEFAULT_LEGAL_AGE,
    }


def content_hosts(tenant, plugins) -> dict[str, list[str]]:
    """Where the brand's pages load images and games from: the hosts its tenant.toml ``[cdn]``
    lists, then those of the vendor plugins it enables (tessera_vendor_hosts), without repeats."""
    cdn, vendors = tenant.section("cdn"), plugins.vendor_hosts()
    return {
        "images": list(dict.fromkeys([*cdn.get("images", []), *vendors["images"]])),
        "games": list(dict.fromkeys([*cdn.get("launch_game", []), *vendors["games"]])),
    }


@implementer(IBrandStatus)
class BrandStatus:
    """The status of one brand on the host a call came to, and the caller's place: what the status
    call answers and a shell page starts from. Answers are remembered briefly per worker (``memos``
    gives the app's memo of a name, :func:`tessera.core.cache.memo`)."""

    def __init__(self, db, tenant, plugins, domain, secret_key: str, memos):
        self.db, self.tenant, self.plugins, self.domain = db, tenant, plugins, domain
        self.secret_key = secret_key
        self.memos = memos

    @classmethod
    def create_service(cls, context, request) -> "BrandStatus":
        return cls(
            request.db,
            request.tenant,
            request.plugins,
            request.tenant_domain,
            request.registry.settings["tessera"].secret_key,
            partial(memo, request.registry),
        )

    def location(self, ip: str | None) -> dict:
        region = self.memos("regions", maxsize=65536).get((self.tenant.id, ip), lambda: self.plugins.region(ip))
        return {"ip": ip, "region": region}

    def restricted(self, region: str | None) -> bool:
        return is_region_restricted(self.tenant, region)

    def maintenance(self) -> dict | None:
        """The brand's open maintenance window as the status call shows it, or None."""

        def load():
            window = active_maintenance(self.db)
            return {"endTime": iso(window.ends_at), "info": window.info} if window else None

        return self.memos("maintenance").get(self.tenant.id, load)

    def summary(self) -> dict:
        key = (self.tenant.id, self.tenant.key_id)
        return self.memos("brand_summary").get(key, lambda: brand_summary(self.tenant, self.db))

    def content_hosts(self) -> dict[str, list[str]]:
        return content_hosts(self.tenant, self.plugins)

    def _brand_info(self, language: str) -> dict:
        """What the status call says of the brand that is the same for every caller on this host."""
        tenant = self.tenant
        hosts = self.content_hosts()
        return {
            "brand": brand_summary(tenant, self.db),
            "whitelabel": whitelabel(tenant),
            "register": register_settings(tenant),
            "resources": resources(tenant),
            "customerService": customer_service(self.db, self.plugins, language),
            "analytics": {"gtagId": tenant.section("analytics").get("gtag_id")},
            "domainRoute": domain_route(self.domain),
            "imageCDNs": hosts["images"],
            "launchGameCDNs": hosts["games"],
            "publicKey": tenant.public_jwk(self.secret_key),
            "footer": footer(self.db, tenant, language),
            "federatedProviders": self.plugins.federated_providers(),
            "phoneAuth": self.plugins.phone_auth_client(),
        }

    def status(self, ip: str | None, language: str) -> Spliced:
        """The status call, which is also the permission info (SPEC §7)."""
        where = self.location(ip)
        maintenance = self.maintenance()
        if maintenance is not None:
            code = MAINTENANCE
        elif self.restricted(where["region"]):
            code = REGION_RESTRICTED
        else:
            code = NORMAL
        key = (self.tenant.id, self.tenant.key_id, self.domain.host, language)
        brand_info = self.memos("brand_info").get(key, lambda: encode(self._brand_info(language)))
        return Spliced({"status": code, "maintenance": maintenance, "location": where}, brand_info)
