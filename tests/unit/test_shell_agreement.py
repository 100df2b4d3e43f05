"""What the server's page and the shell's code must say alike: the index.html preloads the first
banner of the home group for the shell to paint, so both name the same pages and the same sizes
(a preload the shell does not use is a download for nothing)."""

import json
import re
from pathlib import Path

from tessera.shell.services import BANNER_SIZES, HOME_GROUP_PATHS

SHELL = Path(__file__).resolve().parents[2] / "shell" / "src" / "frame"


def test_the_preloaded_banner_has_the_sizes_the_shell_draws_it_with():
    source = (SHELL / "BannerCarousel.tsx").read_text()
    assert f"export const BANNER_SIZES = '{BANNER_SIZES}';" in source


def test_the_preloaded_banner_is_on_the_pages_whose_banner_is_the_home_groups():
    source = (SHELL / "routeGroups.ts").read_text()
    home = json.loads(re.search(r"const HOME_PATHS = (\[[^\]]*\]);", source)[1].replace("'", '"'))
    also = json.loads(re.search(r"\.\.\.HOME_PATHS, ([^\]]*)\]", source)[1].replace("'", '"').join("[]"))
    assert set(home) | set(also) == HOME_GROUP_PATHS
