"""The images a brand's content names: measured when the folders load (a broken one refuses the
load, naming its file), and smaller AVIF and WebP copies made at sync, once, never wider than the
image itself."""

import pytest
from PIL import Image, features

from tessera.tenancy.images import (
    ImageRefused,
    measure,
    planned_variants,
    svg_size,
    variant_formats,
    variants_folder,
    write_variants,
)
from tessera.tenancy.services import make_image_variants

FORMATS = {"WEBP", "AVIF"} if features.check("avif") else {"WEBP"}


def picture(path, width: int, height: int, colour=(200, 40, 40), **save) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new("RGB", (width, height), colour).save(path, **save)


def widths_by_format(variants) -> dict[str, list[int]]:
    found: dict[str, list[int]] = {}
    for variant in variants:
        found.setdefault(variant.format, []).append(variant.width)
    return found


def test_avif_is_made_where_pillow_writes_it_and_webp_always():
    assert set(variant_formats()) == FORMATS
    assert variant_formats()[-1] == "WEBP"


@pytest.mark.parametrize(
    "width, height, widths",
    [
        (2400, 720, [360, 720, 1080, 1440]),  # wider than every step: capped at 1440
        (1440, 432, [360, 720, 1080, 1440]),
        (1200, 360, [360, 720, 1080, 1200]),  # its own width as the widest
        (500, 150, [360, 500]),
        (200, 60, [200]),  # narrower than every step: never made larger
    ],
)
def test_copies_are_made_at_each_step_below_the_image_width_and_never_wider(width, height, widths):
    variants = planned_variants("welcome", "0123456789abcdef", width, height)
    assert widths_by_format(variants) == {kind: widths for kind in FORMATS}
    for variant in variants:
        assert variant.height == round(height * variant.width / width)
        assert variant.name == f"welcome-0123456789ab-{variant.width}.{variant.format.lower()}"
        assert variant.url == f"/assets/~/{variant.name}"


def test_the_copies_are_written_at_their_size_and_format(tmp_path):
    source = tmp_path / "banner.png"
    picture(source, 1200, 360)
    facts = measure(source)
    assert (facts.width, facts.height) == (1200, 360)
    assert write_variants(source, facts, tmp_path / "out") == len(FORMATS) * 4
    for variant in facts.variants:
        with Image.open(tmp_path / "out" / variant.name) as made:
            assert made.format == variant.format
            assert made.size == (variant.width, variant.height)
    assert not list((tmp_path / "out").glob(".*"))  # no temporary file left behind


def test_the_sources_list_avif_before_webp_with_each_width(tmp_path):
    source = tmp_path / "banner.jpg"
    picture(source, 800, 400, format="JPEG")
    sources = measure(source).sources()
    assert [s["type"] for s in sources] == [f"image/{kind.lower()}" for kind in variant_formats()]
    for entry in sources:
        candidates = [c.rsplit(" ", 1) for c in entry["srcset"].split(", ")]
        assert [w for _, w in candidates] == ["360w", "720w", "800w"]
        assert all(url.startswith("/assets/~/banner-") for url, _ in candidates)


def test_a_second_run_with_the_same_image_makes_nothing(tmp_path):
    source = tmp_path / "banner.png"
    picture(source, 800, 240)
    folder = tmp_path / "out"
    assert write_variants(source, measure(source), folder) > 0
    before = {p.name: p.stat().st_mtime_ns for p in folder.iterdir()}
    assert write_variants(source, measure(source), folder) == 0
    assert {p.name: p.stat().st_mtime_ns for p in folder.iterdir()} == before


def test_a_changed_image_gets_new_names(tmp_path):
    source = tmp_path / "banner.png"
    picture(source, 800, 240)
    first = {v.name for v in measure(source).variants}
    picture(source, 800, 240, colour=(10, 200, 10))
    second = {v.name for v in measure(source).variants}
    assert first.isdisjoint(second)


def test_a_photo_turned_by_its_exif_is_measured_and_copied_as_browsers_show_it(tmp_path):
    source = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6  # turned a quarter clockwise
    picture(source, 800, 400, format="JPEG", exif=exif.tobytes())
    facts = measure(source)
    assert (facts.width, facts.height) == (400, 800)
    write_variants(source, facts, tmp_path / "out")
    widest = max(facts.variants, key=lambda v: v.width)
    with Image.open(tmp_path / "out" / widest.name) as made:
        assert made.size == (400, 800)


def test_a_truncated_image_is_refused(tmp_path):
    source = tmp_path / "banner.png"
    picture(source, 600, 200)
    source.write_bytes(source.read_bytes()[:80])
    with pytest.raises(ImageRefused, match="is not an image Pillow can read"):
        measure(source)


@pytest.mark.parametrize(
    "document, size",
    [
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="180" height="48"/>', (180, 48)),
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="180px" height="47.6"/>', (180, 48)),
        (b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 360"/>', (1200, 360)),
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="100%" viewBox="0,0,64,32"/>', (64, 32)),
    ],
)
def test_an_svg_is_measured_by_its_size_else_its_viewbox(document, size):
    assert svg_size(document) == size


@pytest.mark.parametrize(
    "document, reason",
    [
        (b'<svg xmlns="http://www.w3.org/2000/svg" width="50%"/>', "has no size"),
        (b"<svg", "is not an SVG document"),
        (b"<html/>", "is not an SVG document"),
    ],
)
def test_an_svg_without_a_size_or_not_an_svg_is_refused(document, reason):
    with pytest.raises(ImageRefused, match=reason):
        svg_size(document)


def test_the_loaded_brand_carries_its_images_measured(load):
    demo_bd = next(s for s in load() if s.slug == "demo-bd")
    assert {"logo.svg", "banners/welcome.svg", "footer/18-plus.svg"} <= set(demo_bd.images)
    _, welcome = demo_bd.images["banners/welcome.svg"]
    assert (welcome.width, welcome.height, welcome.variants) == (1200, 360, ())


def test_a_broken_banner_refuses_the_load_naming_the_file(tenants_dir, edit, refusal):
    (tenants_dir / "demo-bd/assets/banners/welcome.png").write_bytes(b"\x89PNG\r\n\x1a\n not really")
    edit("demo-bd/content/banners.toml", 'image = "banners/welcome.svg"', 'image = "banners/welcome.png"')
    [problem] = refusal()
    assert problem.file == "demo-bd/content/banners.toml"
    assert problem.key == "banners.0.image"
    assert "'banners/welcome.png' is not an image Pillow can read" in problem.reason


def test_a_logo_svg_without_a_size_refuses_the_load(tenants_dir, refusal):
    (tenants_dir / "demo-ph/assets/logo.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>')
    [problem] = refusal()
    assert (problem.file, problem.key) == ("demo-ph/tenant.toml", "logo")
    assert "'logo.svg' has no size" in problem.reason


def test_the_sync_makes_the_copies_of_raster_images_once(tenants_dir, edit, load, tmp_path):
    picture(tenants_dir / "demo-bd/assets/banners/welcome.png", 1600, 480)
    edit("demo-bd/content/banners.toml", 'image = "banners/welcome.svg"', 'image = "banners/welcome.png"')
    uploads = tmp_path / "uploads"
    assert make_image_variants(load(), uploads) == (len(FORMATS) * 4, 0)
    made = sorted(p.name for p in variants_folder(uploads, "demo-bd").iterdir())
    assert len(made) == len(FORMATS) * 4 and all(name.startswith("welcome-") for name in made)
    assert not (uploads / "demo-ph").exists()  # SVGs only: nothing to make
    assert make_image_variants(load(), uploads) == (0, 0)
    assert make_image_variants(load(), uploads, only="demo-ph") == (0, 0)
    picture(tenants_dir / "demo-bd/assets/banners/welcome.png", 1600, 480, colour=(10, 120, 60))  # changed
    assert make_image_variants(load(), uploads) == (len(FORMATS) * 4, len(FORMATS) * 4)
    remade = sorted(p.name for p in variants_folder(uploads, "demo-bd").iterdir())
    assert len(remade) == len(FORMATS) * 4 and not set(remade) & set(made)
    edit("demo-bd/content/banners.toml", 'image = "banners/welcome.png"', 'image = "banners/welcome.svg"')
    assert make_image_variants(load(), uploads) == (0, len(FORMATS) * 4)  # no raster image left
    assert list(variants_folder(uploads, "demo-bd").iterdir()) == []


def test_the_sync_records_each_image_and_a_resync_changes_nothing(tenants_dir, edit, load, db_session):
    from sqlalchemy import select

    from tessera.tenancy.models import BrandImage, Tenant
    from tessera.tenancy.services import sync_tenants

    secret = "test-secret-key-of-at-least-32-bytes"
    picture(tenants_dir / "demo-bd/assets/banners/welcome.png", 1600, 480)
    edit("demo-bd/content/banners.toml", 'image = "banners/welcome.svg"', 'image = "banners/welcome.png"')
    report = sync_tenants(db_session, load(), secret, only="demo-bd")
    assert "images" in report.changes["demo-bd"]
    tenant = db_session.scalar(select(Tenant).where(Tenant.slug == "demo-bd"))
    rows = {r.path: r for r in db_session.scalars(select(BrandImage).where(BrandImage.tenant_id == tenant.id))}
    assert (rows["banners/welcome.png"].width, rows["banners/welcome.png"].height) == (1600, 480)
    assert len(rows["banners/welcome.png"].variants) == len(FORMATS) * 4
    assert (rows["logo.svg"].width, rows["logo.svg"].height, rows["logo.svg"].variants) == (180, 48, [])
    assert sync_tenants(db_session, load(), secret, only="demo-bd").unchanged == ["demo-bd"]
    picture(tenants_dir / "demo-bd/assets/banners/welcome.png", 1600, 480, colour=(0, 0, 0))
    assert sync_tenants(db_session, load(), secret, only="demo-bd").changes["demo-bd"] == ["images"]
