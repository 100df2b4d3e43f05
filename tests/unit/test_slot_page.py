"""The slot page (``tessera_sandboxes.slots.page``): what the HTML carries and refuses to carry, the
static files, and the page's script driven in jsdom against a scripted vendor."""

import json
import os
import re
import shutil
import subprocess
from html.parser import HTMLParser

import pytest
import webtest
from tessera_sandboxes.slots import engine, page

from tessera.core.settings import ROOT

ARGS = {
    "title": "Lucky Lanterns",
    "language": "en",
    "spin_url": "/vendor/sessions/tok/spin",
    "paytable_url": "/vendor/games/lucky-lanterns/paytable",
    "balance": "5",
    "currency": "BDT",
    "free_play": False,
    "asset_base": "/vendor/slots/",
    "line_bets": ["0.1", "0.20"],
}


class Elements(HTMLParser):
    """Every start tag with its attributes, and the text of script elements."""

    def __init__(self, text):
        super().__init__()
        self.tags, self.scripts, self._in_script = [], [], None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag == "script":
            self._in_script = dict(attrs)

    def handle_data(self, data):
        if self._in_script is not None:
            self.scripts.append((self._in_script, data))

    def handle_endtag(self, tag):
        if tag == "script":
            self._in_script = None


def render(**changes) -> str:
    return page.slot_page(**{**ARGS, **changes})


def config_of(html: str) -> dict:
    return json.loads(next(data for attrs, data in Elements(html).scripts if attrs.get("type") == "application/json"))


def test_the_page_has_the_test_hooks_and_its_data():
    html = render()
    tags = Elements(html).tags
    hooks = {attrs.get("data-field") or attrs.get("data-action") for _, attrs in tags} - {None}
    assert {"spin", "balance", "win", "message", "grid", "line-bet", "paytable"} <= hooks
    assert [attrs["value"] for tag, attrs in tags if tag == "option"] == ["0.10", "0.20"]
    assert re.search(r'data-field="balance">5\.00<', html)
    assert config_of(html) == {
        "spinUrl": ARGS["spin_url"],
        "paytableUrl": ARGS["paytable_url"],
        "balance": "5.00",
        "currency": "BDT",
        "freePlay": False,
        "lineBets": ["0.10", "0.20"],
        "texts": page.TEXTS["en"],
    }
    assert ("button", {"type": "button", "class": "slot__spin", "data-action": "spin", "disabled": None}) in tags


def test_the_page_loads_nothing_inline_and_nothing_from_elsewhere():
    html = render()
    parsed = Elements(html)
    scripts = [attrs for tag, attrs in parsed.tags if tag == "script"]
    assert [s.get("src") for s in scripts] == [f"/vendor/slots/slot.js?v={page.ASSET_VERSION}", None]
    assert scripts[1]["type"] == "application/json"  # data, never run
    assert [(attrs["rel"], attrs["href"]) for tag, attrs in parsed.tags if tag == "link"] == [
        ("icon", "data:,"),
        ("stylesheet", f"/vendor/slots/slot.css?v={page.ASSET_VERSION}"),
    ]  # no favicon request
    assert not any("style" in attrs or any(name.startswith("on") for name in attrs) for _, attrs in parsed.tags)
    assert "<style" not in html and "http://" not in html and "https://" not in html
    policy = next(attrs["content"] for _, attrs in parsed.tags if attrs.get("http-equiv") == "Content-Security-Policy")
    assert policy.startswith("default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'")


def test_a_vendor_on_another_origin_is_allowed_by_name():
    policy = page.content_security_policy(
        "https://cdn.vendor.example/slots", "https://api.vendor.example/spin", "/paytable"
    )
    assert "script-src https://cdn.vendor.example;" in policy
    assert "connect-src 'self' https://api.vendor.example;" in policy


def test_text_from_outside_cannot_break_out_of_the_page():
    html = render(title="</script><script>alert(1)</script>", spin_url="/s</script><b>", currency='"><i>')
    parsed = Elements(html)
    assert [tag for tag, _ in parsed.tags].count("script") == 2 and "b" not in [tag for tag, _ in parsed.tags]
    assert config_of(html)["spinUrl"] == "/s</script><b>"
    assert "<i>" not in html


@pytest.mark.parametrize(
    ("language", "lang", "spin"),
    [
        ("bn", "bn", "স্পিন"),
        ("bn-BD", "bn", "স্পিন"),
        ("en", "en", "Spin"),
        ("vi", "en", "Spin"),
        ("", "en", "Spin"),
    ],
)
def test_the_page_speaks_bengali_or_english(language, lang, spin):
    html = render(language=language)
    assert f'<html lang="{lang}">' in html and f">{spin}</button>" in html


def test_free_play_says_so():
    assert page.TEXTS["en"]["freePlay"] in render(free_play=True) and 'data-free-play="true"' in render(free_play=True)
    assert page.TEXTS["en"]["realPlay"] in render()


@pytest.mark.parametrize("bets", [[], ["0"], ["0.001"], ["abc"], ["-1"]])
def test_a_page_needs_line_bets_it_can_offer(bets):
    with pytest.raises(ValueError):
        render(line_bets=bets)


def test_every_language_has_every_text_and_refusal():
    assert all(set(texts) == set(page.TEXTS["en"]) for texts in page.TEXTS.values())
    assert all(set(refusals) == set(page.REFUSALS["en"]) for refusals in page.REFUSALS.values())
    assert page.refusal("insufficient_funds", "bn", balance="1.00") == {
        "error": "insufficient_funds",
        "message": page.REFUSALS["bn"]["insufficient_funds"],
        "balance": "1.00",
    }


def test_the_static_files_are_served():
    app = webtest.TestApp(page.static_app())
    script = app.get("/slot.js")
    assert script.content_type in ("application/javascript", "text/javascript")
    assert script.headers["X-Content-Type-Options"] == "nosniff" and "max-age" in script.headers["Cache-Control"]
    assert b"tessera:balance-changed" in script.body
    assert app.get("/slot.css").content_type == "text/css"
    for missing in ("/nothing.js", "/../page.py", "/%2e%2e/page.py", "/"):
        assert app.get(missing, expect_errors=True).status_int in (403, 404), missing


# -- The script, in jsdom --------------------------------------------------------------------

SCENARIO = r"""
const { JSDOM } = require('jsdom');
const fs = require('fs');
const [html, script, paytable] = process.argv.slice(2).map((path) => fs.readFileSync(path, 'utf8'));
const dom = new JSDOM(html, { runScripts: 'outside-only', url: 'http://vendor.test/vendor/play/lucky-lanterns' });
const w = dom.window;
const reduce = process.env.REDUCED_MOTION === '1';
w.matchMedia = () => ({ matches: reduce, addEventListener() {} });
const posted = [];
w.postMessage = (message, target) => posted.push([message, target]);
const calls = [];
let answer = null;
w.fetch = (url, options = {}) => {
  calls.push({ url, method: options.method || 'GET', body: options.body || null });
  if (url.endsWith('/paytable')) {
    return Promise.resolve({ ok: true, status: 200, json: async () => JSON.parse(paytable) });
  }
  return new Promise((resolve, reject) => { answer = { resolve, reject }; });
};
const $ = (selector) => w.document.querySelector(selector);
const until = async (condition) => {
  for (let n = 0; n < 400 && !condition(); n++) await new Promise((r) => setTimeout(r, 10));
  if (!condition()) throw new Error('timed out');
};
const look = () => ({
  balance: $('[data-field=balance]').textContent, win: $('[data-field=win]').textContent,
  message: $('[data-field=message]').textContent, disabled: $('[data-action=spin]').disabled,
  total: $('[data-field=total-bet]').textContent, lines: $('[data-field=lines]').textContent,
  cells: w.document.querySelectorAll('[data-field=grid] .slot__cell').length,
  winning: [...w.document.querySelectorAll('.slot__cell--win')].map((c) => c.dataset.symbol),
  grid: [0, 1, 2].map((row) => [...w.document.querySelectorAll('.slot__reel')]
    .map((reel) => reel.children[row].dataset.symbol)),
  posted: posted.length,
});
const respond = (ok, status, body) => answer.resolve({ ok, status, json: async () => body });
(async () => {
  w.eval(script);
  const seen = {};
  await until(() => !$('[data-action=spin]').disabled);
  seen.loaded = look();
  seen.payRows = w.document.querySelectorAll('.slot__pays tbody tr').length;
  seen.firstPay = w.document.querySelector('.slot__pays [data-pay]').textContent;
  const grid = JSON.parse(process.env.GRID);
  $('[data-action=spin]').click();
  await until(() => answer);
  seen.spinning = look();
  $('[data-action=spin]').click();  // a second click while spinning does nothing
  respond(true, 200, { roundId: 'r1', grid, wins: [{ line: 1, symbol: grid[1][0], count: 3, pay: '0.50' }],
                       bet: '2.50', payout: '0.50', balance: '3.00' });
  await until(() => !$('[data-action=spin]').disabled);
  seen.won = look();
  $('[data-field=line-bet]').value = '0.20';
  $('[data-field=line-bet]').dispatchEvent(new w.Event('change'));
  seen.tooHigh = look();
  $('[data-field=line-bet]').value = '0.10';
  $('[data-field=line-bet]').dispatchEvent(new w.Event('change'));
  answer = null;
  $('[data-action=spin]').click();
  await until(() => answer);
  respond(false, 422, { error: 'insufficient_funds', message: 'Too little left.', balance: '1.00' });
  await until(() => posted.length === 2);
  seen.refused = look();
  seen.calls = calls;
  seen.postedMessages = posted;
  process.stdout.write(JSON.stringify(seen));
})().catch((error) => { console.error(error); process.exit(1); });
"""


def run_scenario(tmp_path, reduced_motion: bool) -> dict:
    node = shutil.which("node")
    modules = ROOT / "node_modules"
    if node is None or not (modules / "jsdom").is_dir():
        pytest.skip("needs node and jsdom (npm install)")
    paytable = engine.paytable_json(engine.paytable_for("lucky-lanterns", 25))
    files = {
        "page.html": render(),
        "slot.js": (page.STATIC / "slot.js").read_text(),
        "paytable.json": json.dumps(paytable),
        "scenario.js": SCENARIO,
    }
    for name, text in files.items():
        (tmp_path / name).write_text(text)
    high, low = paytable["symbols"][0]["id"], "10"
    grid = [["A", "K", "Q", "J", "A"], [high, high, high, low, "K"], ["Q", "J", "10", "A", "Q"]]
    env = {
        **os.environ,
        "NODE_PATH": str(modules),
        "GRID": json.dumps(grid),
        "REDUCED_MOTION": str(int(reduced_motion)),
    }
    inputs = [tmp_path / name for name in ("page.html", "slot.js", "paytable.json")]
    done = subprocess.run(
        [node, tmp_path / "scenario.js", *inputs], capture_output=True, text=True, env=env, timeout=60
    )
    assert done.returncode == 0, done.stderr
    return {**json.loads(done.stdout), "grid_sent": grid, "high": high}


@pytest.mark.parametrize("reduced_motion", [True, False])
def test_the_script_spins_on_the_server_and_shows_what_it_answers(tmp_path, reduced_motion):
    seen = run_scenario(tmp_path, reduced_motion)
    assert {k: seen["loaded"][k] for k in ("balance", "win", "total", "lines", "cells", "disabled")} == {
        "balance": "5.00",
        "win": "0.00",
        "total": "2.50",
        "lines": "25",
        "cells": 15,
        "disabled": False,
    }
    assert seen["payRows"] == 9 and seen["firstPay"].startswith("×")
    assert seen["spinning"]["disabled"] is True and seen["spinning"]["posted"] == 0
    spins = [call for call in seen["calls"] if call["method"] == "POST"]
    assert [(c["url"], json.loads(c["body"])) for c in spins] == [(ARGS["spin_url"], {"lineBet": "0.10"})] * 2
    won = seen["won"]
    assert (won["balance"], won["win"], won["disabled"], won["posted"]) == ("3.00", "0.50", False, 1)
    assert won["grid"] == seen["grid_sent"] and won["winning"] == [seen["high"]] * 3
    assert "0.50" in won["message"]
    assert seen["tooHigh"]["disabled"] is True and seen["tooHigh"]["total"] == "5.00"
    assert seen["tooHigh"]["message"] == page.TEXTS["en"]["short"]
    refused = seen["refused"]
    assert (refused["message"], refused["balance"], refused["disabled"]) == ("Too little left.", "1.00", True)
    assert seen["postedMessages"] == [[{"type": "tessera:balance-changed"}, "*"]] * 2
