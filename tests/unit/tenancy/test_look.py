"""A brand's colours and font: checked when its folder is read (readable text, files that exist),
then written as the CSS variables of its page."""

import pytest

from tessera.shell.look import brand_style
from tessera.tenancy.context import TenantContext
from tessera.tenancy.look import COLOURS, READABLE, contrast, contrast_problems

BD, VN = "demo-bd/tenant.toml", "demo-vn/tenant.toml"
BD_LIGHT_TEXT = 'text = "#14261d"'
FONT = '[fonts]\nfamily = "Be Vietnam Pro"'
FILE = FONT + "\n\n[[fonts.files]]\npath = "


def test_the_contrast_is_wcags():
    assert round(contrast("#000000", "#ffffff"), 2) == 21.0
    assert contrast("#777777", "#777777") == 1.0
    assert round(contrast("#767676", "#ffffff"), 2) == 4.54  # the lightest grey that passes AA on white


def test_every_demo_brand_sets_readable_colours_for_both_themes(load):
    for source in load():
        assert set(source.config["colours"]) == {"light", "dark"}, source.slug
        for theme, colours in source.config["colours"].items():
            assert set(colours) == set(COLOURS)
            assert contrast_problems(colours) == [], (source.slug, theme)


def test_text_below_aa_contrast_is_refused_naming_both_colours_and_the_ratio(edit, refusal):
    edit(BD, BD_LIGHT_TEXT, 'text = "#8a9a90"')
    problems = [str(e) for e in refusal()]
    assert problems[0] == (
        f"{BD}: colours.light.text: text #8a9a90 on background #ffffff has a contrast of 2.95:1, "
        "below the 4.5:1 that WCAG AA asks of text"
    )
    assert {p.split(": ")[1] for p in problems} == {"colours.light.text"}  # on the panel and header too


def test_each_pair_the_pages_draw_is_checked(edit, refusal):
    edit(BD, 'on_primary = "#ffffff"', 'on_primary = "#2f8f6f"')  # the navigation's text on its green
    assert [(e.key, e.reason.split(" has")[0]) for e in refusal()] == [
        ("colours.light.on_primary", "on_primary #2f8f6f on primary #006a4e")
    ]
    assert ("on_primary", "primary") in READABLE and ("on_accent", "accent") in READABLE


def test_a_ratio_just_below_aa_is_not_rounded_up_to_pass(edit, refusal):
    edit(BD, BD_LIGHT_TEXT, 'text = "#777777"')  # 4.48:1 on white
    assert "on background #ffffff has a contrast of 4.47:1" in refusal()[0].reason


@pytest.mark.parametrize(
    ("old", "new", "key", "reason"),
    [
        ('primary = "#006a4e"', 'primary = "green"', "colours.light.primary", "'green' does not match"),
        ('primary = "#006a4e"', 'primary = "#06a4e"', "colours.light.primary", "'#06a4e' does not match"),
        ('muted = "#46584e"', "", "colours.light.muted", "is required"),
        ("[colours.dark]", "[colours.dim]", "colours.dim", "unknown key 'dim'"),
    ],
)
def test_colours_of_the_wrong_shape_are_refused(edit, refusal, old, new, key, reason):
    edit(BD, old, new)
    assert [(e.key, reason in e.reason) for e in refusal()] == [(key, True)]


def test_a_font_file_must_be_in_the_brands_assets(tenants_dir, edit, refusal, load):
    edit(VN, FONT, FILE + '"fonts/be-vietnam-pro.woff2"')
    [problem] = [str(e) for e in refusal()]
    assert problem.startswith(
        f"{VN}: fonts.files.0.path: 'fonts/be-vietnam-pro.woff2' is not a file in demo-vn/assets/"
    )
    (tenants_dir / "demo-vn/assets/fonts").mkdir()
    (tenants_dir / "demo-vn/assets/fonts/be-vietnam-pro.woff2").write_bytes(b"wOF2")
    vn = next(s for s in load() if s.slug == "demo-vn")
    assert vn.config["fonts"]["files"] == [{"path": "fonts/be-vietnam-pro.woff2"}]


@pytest.mark.parametrize(
    ("new", "key"),
    [
        ('[fonts]\nfamily = "Be Vietnam Pro</style>"', "fonts.family"),
        (FILE + '"logo.svg"', "fonts.files.0.path"),
        (FILE + '"f.woff2"\nweight = 50', "fonts.files.0.weight"),
    ],
)
def test_a_font_of_the_wrong_shape_is_refused(edit, refusal, new, key):
    edit(VN, FONT, new)
    assert [e.key for e in refusal()] == [key]


def brand(config: dict) -> TenantContext:
    return TenantContext(1, "demo-xx", "Demo", config, "k1", "")


LIGHT = {name: "#ffffff" if name in ("background", "panel", "header", "on_primary") else "#111111" for name in COLOURS}


def test_the_style_sets_each_theme_the_brand_colours_and_its_font():
    style = brand_style(
        brand(
            {
                "colours": {"dark": dict(LIGHT, background="#000000"), "light": dict(LIGHT, primary="#0055aa")},
                "fonts": {"family": "Be Vietnam Pro", "files": [{"path": "fonts/bvp-700.woff2", "weight": 700}]},
            }
        )
    )
    light, dark, face, family = style.split("\n")
    assert light.startswith(":root[data-theme='light']{--brand-primary:#0055aa;--brand-on-primary:#ffffff;")
    assert dark.startswith(":root[data-theme='dark']{") and "--brand-background:#000000" in dark
    assert all(f"--brand-{name.replace('_', '-')}:" in light for name in COLOURS)
    assert face == (
        '@font-face{font-family:"Be Vietnam Pro";src:url("/assets/fonts/bvp-700.woff2") format("woff2");'
        "font-weight:700;font-style:normal;font-display:swap}"
    )
    assert family == ':root{--brand-font:"Be Vietnam Pro", system-ui, sans-serif}'


def test_a_brand_without_colours_or_font_keeps_the_platforms():
    assert brand_style(brand({})) == ""
    assert brand_style(brand({"colours": {"dark": LIGHT}})).startswith(":root[data-theme='dark']")
