"""``python tests/e2e/read_captcha.py SLUG CAPTCHA_ID``: the text of a brand's image captcha, as a
person reading the picture would type it. It works the text out from the brand's secret (the
browser tests' server gets one through the environment), since a test cannot read a picture."""

import os
import sys
import tomllib
from pathlib import Path

from tessera_plugins.image_captcha import contract_answer

TENANTS = Path(__file__).resolve().parents[2] / "tenants"


def settings_of(slug: str) -> dict:
    table = tomllib.loads((TENANTS / slug / "tenant.toml").read_text("utf-8"))["plugins"]["image-captcha"]
    return {
        key: os.environ.get(value[4:], "") if isinstance(value, str) and value.startswith("env:") else value
        for key, value in table.items()
        if key != "enabled"
    }


if __name__ == "__main__":
    print(contract_answer(settings_of(sys.argv[1]), {"captchaId": sys.argv[2]})["captcha"])
