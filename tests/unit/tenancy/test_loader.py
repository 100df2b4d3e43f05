"""Reading tenants/: every problem is named with its file, key and reason, and any problem refuses the whole set."""

import shutil

import pytest

from tessera.plugins import plugin_manager, settings_schemas
from tessera.tenancy.loader import LoadError, TenantLoadFailed, load_tenants

BD, PH, VN = "demo-bd/tenant.toml", "demo-ph/tenant.toml", "demo-vn/tenant.toml"
BANNERS, PH_BANNERS = "demo-bd/content/banners.toml", "demo-ph/content/banners.toml"
NOTICES, PH_NOTICES = "demo-bd/content/notices/en.toml", "demo-ph/content/notices/en.toml"
FOOTER = "demo-ph/content/footer/en.toml"


def test_the_demo_brands_load(load):
    sources = {s.slug: s for s in load()}
    assert set(sources) == {"demo-bd", "demo-ph", "demo-vn"}
    assert sources["demo-bd"].config["currency"] == "BDT"
    assert set(sources["demo-bd"].help) == {"bn", "en"} and set(sources["demo-ph"].help) == {"en"}
    assert [s["key"] for s in sources["demo-bd"].help["en"]][:2] == ["about", "term"]
    bd, ph = sources["demo-bd"], sources["demo-ph"]
    assert [b["group"] for b in bd.banners] == ["home", "home", "home", "rng", "rng", "w_register"]
    assert [b["group"] for b in ph.banners] == ["home", "home", "live"]
    assert set(bd.notices) == set(bd.footer) == {"bn", "en"} and set(ph.notices) == set(ph.footer) == {"en"}
    assert [n["key"] for n in bd.notices["bn"]] == [n["key"] for n in bd.notices["en"]]
    assert sorted(n["type"] for n in bd.notices["en"]) == [
        "H",
        "PL",
        "PL",
        "PL",
        "PL",
        "PL",
        "PL",
        "PR",
        "PR",
        "PU",
        "PU",
    ]
    assert len(bd.footer["en"]["licences"]) == 3 and bd.footer["en"]["responsibility"]["image"] == "footer/18-plus.svg"


BROKEN = {
    "invalid TOML": (BD, 'theme = "light"', 'theme = "light', BD, "", "not valid TOML"),
    "unknown key": (
        BD,
        'name = "Tessera Demo BD"',
        'nmae = "Tessera Demo BD"',
        BD,
        "nmae",
        "unknown key 'nmae' (did you mean 'name'?)",
    ),
    "missing key": (BD, 'name = "Tessera Demo BD"', "", BD, "name", "is required"),
    "unknown nested key": (
        BD,
        "idle_minutes = 30",
        "idle_minute = 30",
        BD,
        "sessions.idle_minute",
        "unknown key 'idle_minute' (did you mean 'idle_minutes'?)",
    ),
    "unknown flag": (
        BD,
        "AGENT3 = true",
        "AGENT = true",
        BD,
        "whitelabel.AGENT",
        "unknown key 'AGENT' (did you mean 'AGENT3'?)",
    ),
    "wrong type": (
        BD,
        "idle_minutes = 30",
        'idle_minutes = "30"',
        BD,
        "sessions.idle_minutes",
        "'30' is not of type 'integer'",
    ),
    "wrong type of flag": (
        BD,
        "AGENT3 = true",
        'AGENT3 = "yes"',
        BD,
        "whitelabel.AGENT3",
        "'yes' is not of type 'boolean'",
    ),
    "bad currency": (BD, 'currency = "BDT"', 'currency = "taka"', BD, "currency", "'taka' does not match '^[A-Z]{3}$'"),
    "unknown language": (
        BD,
        'languages = ["bn", "en"]',
        'languages = ["bn", "en", "xx"]',
        BD,
        "languages.2",
        "'xx' is not an offered language",
    ),
    "language code in the wrong case": (
        PH,
        'languages = ["en", "fil"]',
        'languages = ["en", "FIL"]',
        PH,
        "languages.1",
        "'FIL' is not an offered language",
    ),
    "default language not offered": (
        PH,
        'default_language = "en"',
        'default_language = "bn"',
        PH,
        "default_language",
        "must be one of languages",
    ),
    "no public address": (BD, 'public_url = "http://demo-bd.localhost:6543"', "", BD, "public_url", "is required"),
    **{
        f"public address {why}": (
            BD,
            'public_url = "http://demo-bd.localhost:6543"',
            f'public_url = "{url}"',
            BD,
            "public_url",
            "is not the brand's address: scheme and host, with a port if any",
        )
        for why, url in {
            "with a path": "http://demo-bd.localhost:6543/bd",
            "with a query": "https://demo-bd.localhost?x=1",
            "with a fragment": "https://demo-bd.localhost#top",
            "not on the web": "ftp://demo-bd.localhost",
            "without a scheme": "demo-bd.localhost",
        }.items()
    },
    "public address on another brand's host": (
        BD,
        'public_url = "http://demo-bd.localhost:6543"',
        'public_url = "https://demo-ph.localhost"',
        BD,
        "public_url",
        "'demo-ph.localhost' is not one of the brand's domains",
    ),
    "public address with a user": (
        BD,
        'public_url = "http://demo-bd.localhost:6543"',
        'public_url = "https://someone@demo-bd.localhost"',
        BD,
        "public_url",
        "must not carry a user name or password",
    ),
    "public address with a port that is not one": (
        BD,
        'public_url = "http://demo-bd.localhost:6543"',
        'public_url = "http://demo-bd.localhost:99999"',
        BD,
        "public_url",
        "is not an address",
    ),
    "duplicate host": (
        PH,
        'host = "agent.demo-ph.localhost"',
        'host = "localhost"',
        PH,
        "domains.1.host",
        "'localhost' is already used by demo-bd",
    ),
    "host with a port": (
        PH,
        'host = "demo-ph.localhost"',
        'host = "demo-ph.localhost:6543"',
        PH,
        "domains.0.host",
        "'demo-ph.localhost:6543' is not a host name in lower case, without scheme, port or path, "
        "such as 'play.example.com'",
    ),
    "host with a scheme": (
        BD,
        'host = "demo-bd.localhost"',
        'host = "https://demo-bd.localhost"',
        BD,
        "domains.0.host",
        "'https://demo-bd.localhost' is not a host name in lower case, without scheme, port or path",
    ),
    "route that is not a page": (
        BD,
        'route = "/agentHome"',
        'route = "agentHome"',
        BD,
        "domains.3.route",
        "'agentHome' is not a page of the brand's site starting with '/', such as '/register'",
    ),
    "referral code with spaces": (
        BD,
        'referral_code = "BDJOIN"',
        'referral_code = "BD JOIN"',
        BD,
        "domains.4.referral_code",
        "'BD JOIN' is not 1 to 32 letters, digits, '_' or '-'",
    ),
    "region in lower case": (
        BD,
        'blocked_regions = ["US"]',
        'blocked_regions = ["us"]',
        BD,
        "access.blocked_regions.0",
        "'us' is not a two-letter region code in capitals, such as 'BD'",
    ),
    "missing time zone": (
        BD,
        'timezone = "Asia/Dhaka"\n',
        "",
        BD,
        "timezone",
        "is required: an IANA time zone, such as 'Asia/Dhaka' or 'UTC'",
    ),
    "empty time zone": (BD, 'timezone = "Asia/Dhaka"', 'timezone = ""', BD, "timezone", "'' is not an IANA time zone"),
    "typo'd flag": (
        BD,
        "USERNAMEREG3 = true",
        "USERNAMEREG = true",
        BD,
        "whitelabel.USERNAMEREG",
        "unknown key 'USERNAMEREG' (did you mean 'USERNAMEREG3'?)",
    ),
    "gateway channel title that is neither a text nor a language table": (
        BD,
        'title = "bKash"',
        'title = { bn = "বিকাশ" }',
        BD,
        "plugins.signed-gateway.channels.0.title",
        "is not a text, or a table of languages with at least English",
    ),
    "gateway channel amount with three decimals": (
        PH,
        '\nmin = "100.00"',
        '\nmin = "100.000"',
        PH,
        "plugins.signed-gateway.channels.0.min",
        "'100.000' is not an amount as text with at most two decimals, such as \"100.00\"",
    ),
    "gateway address with a query": (
        PH,
        'base_url = "http://127.0.0.1:6550/gateway"',
        'base_url = "http://127.0.0.1:6550/gateway?x=1"',
        PH,
        "plugins.signed-gateway.base_url",
        "is not an http(s) URL without query or fragment",
    ),
    "unknown plugin": (
        PH,
        "[plugins.cidr-region]",
        "[plugins.cidr-regoin]",
        PH,
        "plugins.cidr-regoin",
        "no such plugin is installed",
    ),
    "plugin setting failing its schema": (
        BD,
        '"203.0.113.0/25"',
        '"203.0.113.0/33"',
        BD,
        "plugins.cidr-region.ranges.BD.0",
        "'203.0.113.0/33' is not a 'cidr'",
    ),
    "unknown plugin setting": (
        BD,
        "ranges = {",
        "rangez = {",
        BD,
        "plugins.cidr-region.rangez",
        "unknown key 'rangez'",
    ),
    "plugin enabled not a boolean": (
        PH,
        "[plugins.cidr-region]\n",
        '[plugins.cidr-region]\nenabled = "no"\n',
        PH,
        "plugins.cidr-region.enabled",
        "'no' is not of type 'boolean'",
    ),
    "secret naming no variable": (
        PH,
        'url = "tel:+63280000000"',
        'url = "env:not a name"',
        PH,
        "plugins.customer-service-links.entries.1.url",
        "does not name an environment variable",
    ),
    "unknown pattern_id": (
        PH,
        'pattern_id = "digits"',
        'pattern_id = "digitz"',
        PH,
        "register.fields.mobileNum.pattern_id",
        "unknown pattern 'digitz'",
    ),
    "accepted_pattern not a regular expression": (
        BD,
        "[register.fields.email]\n",
        '[register.fields.email]\naccepted_pattern = "[a-"\n',
        BD,
        "register.fields.email.accepted_pattern",
        "not a regular expression",
    ),
    "min_length above max_length": (
        PH,
        "min_length = 10",
        "min_length = 11",
        PH,
        "register.fields.mobileNum",
        "min_length is greater than max_length",
    ),
    "unknown register field": (
        PH,
        "[register.fields.mobileNum]",
        "[register.fields.mobileNumber]",
        PH,
        "register.fields.mobileNumber",
        "unknown key 'mobileNumber' (did you mean 'mobileNum'?)",
    ),
    "help file with an unknown key": (
        "demo-bd/content/help/en.toml",
        'key = "about"',
        'kee = "about"',
        "demo-bd/content/help/en.toml",
        "sections.0.kee",
        "unknown key 'kee'",
    ),
    "help file that is not TOML": (
        "demo-bd/content/help/bn.toml",
        "[[sections]]",
        "[[sections]",
        "demo-bd/content/help/bn.toml",
        "",
        "not valid TOML",
    ),
    "help sections with one key twice": (
        "demo-bd/content/help/en.toml",
        'key = "term"',
        'key = "about"',
        "demo-bd/content/help/en.toml",
        "sections",
        "section keys must be unique",
    ),
    "logo that is not in assets": (
        BD,
        'logo = "logo.svg"',
        'logo = "brand.svg"',
        BD,
        "logo",
        "'brand.svg' is not a file in demo-bd/assets/: put the file at demo-bd/assets/brand.svg, "
        "or name a file that is there or an https URL",
    ),
    "app icon that is not in assets": (
        VN,
        'path = "app/icon-512.png"',
        'path = "app/icon-1024.png"',
        VN,
        "app.icons.1.path",
        "'app/icon-1024.png' is not a file in demo-vn/assets/",
    ),
    "app icon that is not an image a launcher shows": (
        VN,
        'path = "app/icon-192.png"',
        'path = "app/icon-192.gif"',
        VN,
        "app.icons.0.path",
        "a PNG, WebP or SVG file inside assets/",
    ),
    "app icon of another size than it says": (
        VN,
        'path = "app/icon-192.png"',
        'path = "app/icon-512.png"',
        VN,
        "app.icons.0.sizes",
        "'192x192', but 'app/icon-512.png' is 512x512 pixels",
    ),
    "app icon without its size": (
        VN,
        'sizes = "192x192"',
        'sizes = "large"',
        VN,
        "app.icons.0.sizes",
        "the icon's size in pixels",
    ),
    "unknown key of the app": (
        PH,
        'short_name = "Demo PH"',
        'shortname = "Demo PH"',
        PH,
        "app.shortname",
        "did you mean 'short_name'",
    ),
    "logo outside assets": (
        PH,
        'logo = "logo.svg"',
        'logo = "../tenant.toml"',
        PH,
        "logo",
        "is neither an https URL nor a path inside assets/",
    ),
    "unknown currency": (
        BD,
        'currency = "BDT"',
        'currency = "VDN"',
        BD,
        "currency",
        "'VDN' is not an ISO 4217 currency (did you mean 'VND'?)",
    ),
    "currency not in circulation": (
        PH,
        'currency = "PHP"',
        'currency = "XXX"',
        PH,
        "currency",
        "'XXX' is an ISO 4217 code but not money in circulation",
    ),
    "a step finer than the currency": (
        BD,
        'deposit_min = "100.00"',
        'step = "0.001"\ndeposit_min = "100.00"',
        BD,
        "wallet.step",
        "'0.001' is not a positive multiple of the BDT minor unit (0.01)",
    ),
    "a brand bound between two steps": (
        BD,
        'deposit_min = "100.00"',
        'step = "1"\ndeposit_min = "100.50"',
        BD,
        "wallet.deposit_min",
        "'100.50' is not a multiple of the brand's step (1.00 BDT)",
    ),
    "unknown time zone": (
        BD,
        'timezone = "Asia/Dhaka"',
        'timezone = "Asia/Dhakka"',
        BD,
        "timezone",
        "'Asia/Dhakka' is not an IANA time zone",
    ),
    "banner of an unknown group": (
        BANNERS,
        'group = "w_register"',
        'group = "register"',
        BANNERS,
        "banners.5.group",
        "'register' is not one of",
    ),
    "banner image missing": (
        BANNERS,
        'image = "banners/live.svg"',
        'image = "banners/rebates.svg"',
        BANNERS,
        "banners.2.image",
        "'banners/rebates.svg' is not a file in demo-bd/assets/",
    ),
    "banner image of another brand": (
        BANNERS,
        'image = "banners/live.svg"',
        'image = "../../demo-ph/assets/logo.svg"',
        BANNERS,
        "banners.2.image",
        "neither an https URL nor a path inside assets/",
    ),
    "banner image hidden": (
        BANNERS,
        'image = "banners/live.svg"',
        'image = "banners/.live.svg"',
        BANNERS,
        "banners.2.image",
        "neither an https URL nor a path inside assets/",
    ),
    "banner image that is not an image": (
        BANNERS,
        'image = "banners/live.svg"',
        'image = "../tenant.toml"',
        BANNERS,
        "banners.2.image",
        "neither an https URL nor a path inside assets/",
    ),
    "banner image over plain http": (
        BANNERS,
        'image = "banners/live.svg"',
        'image = "http://cdn.example/a.png"',
        BANNERS,
        "banners.2.image",
        "neither an https URL nor a path inside assets/",
    ),
    "banner key twice": (
        BANNERS,
        'key = "cricket"',
        'key = "join"',
        BANNERS,
        "banners.1.key",
        "'join' is already used by banners.0",
    ),
    "banner key of the wrong shape": (
        BANNERS,
        'key = "cricket"',
        'key = "Cricket!"',
        BANNERS,
        "banners.1.key",
        "does not match",
    ),
    "banner link to another site disguised as a route": (
        BANNERS,
        'link = "/sports"',
        'link = "//evil.example/x"',
        BANNERS,
        "banners.1.link",
        "neither a route starting with '/' nor an https URL",
    ),
    "banner link that is a script": (
        BANNERS,
        'link = "/sports"',
        'link = "javascript:alert(1)"',
        BANNERS,
        "banners.1.link",
        "neither a route starting with '/' nor an https URL",
    ),
    "banner title in a language the brand lacks": (
        BANNERS,
        'title = { bn = "মেগা জ্যাকপট", en = "Mega jackpot" }',
        'title = { bn = "মেগা জ্যাকপট", en = "Mega jackpot", fil = "Malaking jackpot" }',
        BANNERS,
        "banners.3.title.fil",
        "'fil' is not one of the brand's languages",
    ),
    "banner title without the default language": (
        BANNERS,
        'title = { bn = "মেগা জ্যাকপট", en = "Mega jackpot" }',
        'title = { en = "Mega jackpot" }',
        BANNERS,
        "banners.3.title.bn",
        "is required: the brand's default language",
    ),
    "banner ending before it starts": (
        BANNERS,
        "starts = 2026-01-01",
        "starts = 2026-01-01\nends = 2025-12-31",
        BANNERS,
        "banners.4.ends",
        "must be after starts",
    ),
    "banner date that is text": (
        BANNERS,
        "starts = 2026-01-01",
        'starts = "2026-01-01"',
        BANNERS,
        "banners.4.starts",
        "is not of type 'date'",
    ),
    "banner date that is a time of day": (
        BANNERS,
        "starts = 2026-01-01",
        "starts = 10:00:00",
        BANNERS,
        "banners.4.starts",
        "is not of type 'date'",
    ),
    "banners file that is not TOML": (PH_BANNERS, "[[banners]]", "[[banners]", PH_BANNERS, "", "not valid TOML"),
    "notice of an unknown type": (
        NOTICES,
        'type = "H"',
        'type = "HELP"',
        NOTICES,
        "notices.9.type",
        "'HELP' is not one of",
    ),
    "notice ending before it starts": (
        NOTICES,
        "end_date = 2030-12-31",
        "end_date = 2026-11-19",
        NOTICES,
        "notices.8.end_date",
        "must be after start_date",
    ),
    "notice ending as it starts": (
        PH_NOTICES,
        "start_date = 2026-11-10\npromotion_type",
        "start_date = 2026-11-10T00:00:00+08:00\nend_date = 2026-11-09T16:00:00Z\npromotion_type",
        PH_NOTICES,
        "notices.6.end_date",
        "must be after start_date",
    ),
    "notice key twice": (
        NOTICES,
        'key = "app-popup"',
        'key = "welcome-popup"',
        NOTICES,
        "notices.6.key",
        "'welcome-popup' is already used by notices.5",
    ),
    "notice without a start": (
        NOTICES,
        "start_date = 2026-06-01\n",
        "",
        NOTICES,
        "notices.0.start_date",
        "is required",
    ),
    "notice title too long": (
        NOTICES,
        'title = "Get the app"',
        'title = "' + "x" * 201 + '"',
        NOTICES,
        "notices.6.title",
        "is too long",
    ),
    "notice with an unknown key": (
        PH_NOTICES,
        'promotion_type = "points"',
        'promotion = "points"',
        PH_NOTICES,
        "notices.6.promotion",
        "unknown key 'promotion' (did you mean 'promotion_type'?)",
    ),
    "footer image missing": (
        FOOTER,
        'image = "footer/protection-ssl.svg"',
        'image = "footer/ssl.svg"',
        FOOTER,
        "protection.0.image",
        "'footer/ssl.svg' is not a file in demo-ph/assets/",
    ),
    "footer image of the other brand": (
        FOOTER,
        'image = "footer/protection-ssl.svg"',
        'image = "footer/protection-fraud.svg"',
        FOOTER,
        "protection.0.image",
        "'footer/protection-fraud.svg' is not a file in demo-ph/assets/",
    ),
    "footer link over plain http": (
        FOOTER,
        'link = "https://licensing.demo-ph.example/tessera"',
        'link = "http://licensing.demo-ph.example/tessera"',
        FOOTER,
        "licences.0.link",
        "neither a route starting with '/' nor an https URL",
    ),
    "footer responsibility misspelt": (
        FOOTER,
        "[responsibility]",
        "[responsability]",
        FOOTER,
        "responsability",
        "unknown key 'responsability' (did you mean 'responsibility'?)",
    ),
    "footer without a description": (FOOTER, 'description = """', 'about = """', FOOTER, "description", "is required"),
    "unknown-region policy that is neither allow nor block": (
        BD,
        'blocked_regions = ["US"]',
        'blocked_regions = ["US"]\nunknown_region = "deny"',
        BD,
        "access.unknown_region",
        "'deny' is not one of ['allow', 'block']",
    ),
    "legal age other than 18 or 21": (
        BD,
        "[register.fields.username]",
        "[register]\nlegal_age = 19\n\n[register.fields.username]",
        BD,
        "register.legal_age",
        "19 is not one of [18, 21]",
    ),
    "date zone neither the brand's nor the member's": (
        BD,
        'timezone = "Asia/Dhaka"',
        'timezone = "Asia/Dhaka"\ndate_zone = "browser"',
        BD,
        "date_zone",
        "'browser' is not one of ['brand', 'member']",
    ),
}


@pytest.mark.parametrize(("relative", "old", "new", "file", "key", "reason"), BROKEN.values(), ids=BROKEN.keys())
def test_a_problem_is_named_with_its_file_key_and_reason(edit, refusal, relative, old, new, file, key, reason):
    edit(relative, old, new)
    problems = refusal()
    assert [e for e in problems if e.file == file and e.key == key and reason in e.reason], problems


def test_one_broken_brand_refuses_the_valid_ones_too(edit, refusal):
    edit(BD, 'currency = "BDT"', 'currency = "taka"')
    assert {e.file for e in refusal()} == {BD}  # demo-ph is valid, and is not loaded either


def test_every_problem_of_every_brand_is_listed(edit, refusal):
    edit(BD, 'name = "Tessera Demo BD"', 'nmae = "Tessera Demo BD"')
    edit(BD, 'default_language = "bn"', 'default_language = "fr"')
    edit(PH, "[plugins.cidr-region]", "[plugins.geoip]")
    edit("demo-ph/content/help/en.toml", "[[sections]]", "[[sectoins]]")
    found = {(e.file, e.key) for e in refusal()}
    assert found == {
        (BD, "nmae"),
        (BD, "name"),
        (BD, "default_language"),
        (PH, "plugins.geoip"),
        ("demo-ph/content/help/en.toml", "sectoins"),
    }


def test_a_problem_prints_as_file_key_reason(edit, refusal):
    edit(PH, 'default_language = "en"', 'default_language = "bn"')
    assert [str(e) for e in refusal()] == ["demo-ph/tenant.toml: default_language: must be one of languages"]
    assert str(LoadError("demo-ph/tenant.toml", "", "missing")) == "demo-ph/tenant.toml: (file): missing"


def test_a_help_file_for_a_language_the_brand_lacks_is_refused(tenants_dir, refusal):
    shutil.copy(tenants_dir / "demo-bd/content/help/bn.toml", tenants_dir / "demo-ph/content/help/bn.toml")
    assert [(e.file, e.key, e.reason) for e in refusal()] == [
        ("demo-ph/content/help/bn.toml", "", "'bn' is not one of the brand's languages")
    ]


def test_a_host_of_the_wrong_shape_is_refused_without_failing(edit, refusal):
    edit(PH, 'host = "demo-ph.localhost"', 'host = ["demo-ph.localhost"]')
    assert [(e.file, e.key) for e in refusal()] == [(PH, "domains.0.host")]


def test_a_folder_without_tenant_toml_is_refused(tenants_dir, refusal):
    (tenants_dir / "demo-xx").mkdir()
    assert [(e.file, e.reason) for e in refusal()] == [("demo-xx/tenant.toml", "missing")]


def test_a_folder_name_that_is_not_a_slug_is_refused(tenants_dir, refusal):
    shutil.copytree(tenants_dir / "demo-ph", tenants_dir / "Demo_PH")
    problems = refusal()
    assert [(e.file, e.key) for e in problems][0] == ("Demo_PH", "")
    assert "lower-case letters, digits and '-'" in problems[0].reason


def test_hidden_folders_are_not_brands(tenants_dir, load):
    (tenants_dir / ".git").mkdir()
    (tenants_dir / ".git" / "HEAD").write_text("ref: refs/heads/main\n")
    assert [s.slug for s in load()] == ["demo-bd", "demo-ph", "demo-vn"]


def test_a_disabled_plugin_is_still_checked(edit, refusal):
    edit(BD, "[plugins.cidr-region]\n", "[plugins.cidr-region]\nenabled = false\n")
    edit(BD, '"203.0.113.0/25"', '"not-a-range"')
    assert [e.key for e in refusal()] == ["plugins.cidr-region.ranges.BD.0"]


def test_an_empty_tenants_folder_is_refused(tmp_path):
    with pytest.raises(TenantLoadFailed, match="no brand folders found"):
        load_tenants(tmp_path, settings_schemas(plugin_manager()))
    with pytest.raises(TenantLoadFailed, match="the tenants folder does not exist"):
        load_tenants(tmp_path / "missing", settings_schemas(plugin_manager()))


def test_a_plugin_with_an_invalid_schema_is_named(tenants_dir):
    schemas = {**settings_schemas(plugin_manager()), "cidr-region": {"type": "no-such-type"}}
    with pytest.raises(TenantLoadFailed) as failed:
        load_tenants(tenants_dir, schemas)
    assert {(e.file, e.key) for e in failed.value.errors} == {(BD, "plugins.cidr-region"), (PH, "plugins.cidr-region")}
    assert all("SETTINGS_SCHEMA is not valid" in e.reason for e in failed.value.errors)


@pytest.mark.parametrize("kind", ["notices", "footer"])
def test_a_content_file_for_a_language_the_brand_lacks_is_refused(tenants_dir, refusal, kind):
    shutil.copy(tenants_dir / f"demo-bd/content/{kind}/bn.toml", tenants_dir / f"demo-ph/content/{kind}/bn.toml")
    assert [(e.file, e.key, e.reason) for e in refusal()] == [
        (f"demo-ph/content/{kind}/bn.toml", "", "'bn' is not one of the brand's languages")
    ]


def test_a_folder_is_not_an_asset(tenants_dir, edit, refusal):
    (tenants_dir / "demo-ph/assets/banners/old.svg").mkdir()
    edit(PH_BANNERS, 'image = "banners/fish.svg"', 'image = "banners/old.svg"')
    assert [(e.file, e.key) for e in refusal()] == [(PH_BANNERS, "banners.1.image")]


def test_a_link_leading_out_of_assets_is_not_an_asset(tenants_dir, edit, refusal):
    (tenants_dir / "demo-ph/assets/banners/borrowed.svg").symlink_to(tenants_dir / "demo-bd/assets/banners/cricket.svg")
    edit(PH_BANNERS, 'image = "banners/fish.svg"', 'image = "banners/borrowed.svg"')
    assert [(e.file, e.key, e.reason) for e in refusal()] == [
        (
            PH_BANNERS,
            "banners.1.image",
            "'banners/borrowed.svg' is not a file in demo-ph/assets/: put the file at "
            "demo-ph/assets/banners/borrowed.svg, or name a file that is there or an https URL",
        )
    ]


def test_images_and_links_may_be_https_urls(edit, load):
    edit(PH_BANNERS, 'image = "banners/fish.svg"', 'image = "https://cdn.demo-ph.example/banners/fiesta.webp"')
    edit(FOOTER, 'image = "footer/18-plus.svg"', 'image = "https://cdn.demo-ph.example/18.png"\nlink = "/help"')
    ph = next(s for s in load() if s.slug == "demo-ph")
    assert ph.banners[1]["image"] == "https://cdn.demo-ph.example/banners/fiesta.webp"
    assert ph.footer["en"]["responsibility"] == {
        "title": "Adults only",
        "image": "https://cdn.demo-ph.example/18.png",
        "link": "/help",
    }


def test_a_brand_may_block_addresses_of_unknown_region(edit, load):
    edit(BD, 'blocked_regions = ["US"]', 'blocked_regions = ["US"]\nunknown_region = "block"')
    bd = next(s for s in load() if s.slug == "demo-bd")
    assert bd.config["access"] == {"blocked_regions": ["US"], "unknown_region": "block"}


def test_content_is_optional(tenants_dir, load):
    shutil.rmtree(tenants_dir / "demo-ph/content")
    ph = next(s for s in load() if s.slug == "demo-ph")
    assert (ph.help, ph.banners, ph.notices, ph.footer) == ({}, [], {}, {})


def test_every_content_problem_is_listed_and_refuses_the_set(edit, refusal):
    edit(BANNERS, 'group = "w_register"', 'group = "register"')
    edit(NOTICES, 'type = "H"', 'type = "HELP"')
    edit(FOOTER, 'image = "footer/protection-ssl.svg"', 'image = "footer/ssl.svg"')
    assert {(e.file, e.key) for e in refusal()} == {
        (BANNERS, "banners.5.group"),
        (NOTICES, "notices.9.type"),
        (FOOTER, "protection.0.image"),
    }
