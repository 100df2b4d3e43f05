"""Registration patterns: each compiles in Python and in JavaScript, and means what its name says
in both, so the form and the server accept the same values."""

import json
import re
import shutil
import subprocess

import pytest

from tessera.tenancy.patterns import ANY, PATTERNS, matches

# pattern id -> (values it accepts, values it refuses)
EXAMPLES = {
    "any": (["", "anything at all", "ক"], []),
    "letterFirstAlnum": (["rahim01", "A", "Zz9"], ["1rahim", "ra him", "rahim_", "", "রহিম"]),
    "chineseDigits": (["中文123", "汉字", "2024"], ["abc", "中文 1", ""]),
    "email": (["member@example.com", "a.b+c@d.co"], ["member@", "@example.com", "a b@c.d", "a@b", ""]),
    "lettersOrDigits": (["abc", "123", "abc123"], ["abc-123", "a b", ""]),
    "lettersAndDigits": (["abc123", "1a"], ["abcdef", "123456", "abc 123", ""]),
    "digits": (["0123456789"], ["12a", "+8801", "১২৩", ""]),
    "uppercaseRequired": (["passWord", "A"], ["password", ""]),
    "englishSpaces": (["Rahim Uddin", "abc"], ["Rahim1", "Rahim-Uddin", ""]),
    "noSpaces": (["no_spaces!", "ক"], ["has space", "tab\there", ""]),
    "chinesePunctuation": (["中文，标点。", "汉字"], ["中文abc", ""]),
    "dateYmd": (["2024-02-29", "1999-12-31"], ["2024-13-01", "2024-1-01", "01-31-2024", "2024-00-10", "2024-01-32"]),
    "dateMdy": (["12-31-1999", "02-29-2024"], ["1999-12-31", "13-01-2024", "1-01-2024"]),
    "korean": (["홍길동", "김 철수"], ["Kim", "홍길동1", ""]),
    "thai": (["สมชาย", "สม ชาย"], ["Somchai", ""]),
    "thaiEnglish": (["สมชาย Somchai"], ["สมชาย1", ""]),
    "uppercaseSpaces": (["RAHIM UDDIN"], ["Rahim", "RAHIM1", ""]),
    "lettersDigitsSymbols": (["Abc123!@#", "~"], ["with space", "ক", ""]),
    "strongPassword": (["Abcdef1!", "xY9#"], ["abcdef1!", "ABCDEF1!", "Abcdefg!", "Abcdef12", ""]),
    "fullName": (["Rahim Uddin", "Juan Dela Cruz"], ["Rahim", "Rahim  Uddin", " Rahim Uddin", "Rahim Uddin "]),
    "fullWidthJapanese": (["やまだ", "ヤマダ", "山田太郎", "ＡＢＣ"], ["yamada", "山田 太郎", ""]),
    "uppercaseOnly": (["ABC"], ["ABc", "A B", ""]),
}


def test_every_pattern_has_examples():
    assert set(EXAMPLES) == set(PATTERNS)


@pytest.mark.parametrize("pattern_id", sorted(set(PATTERNS) - {"any"}))
def test_compiles_in_python_and_is_anchored(pattern_id):
    regex = PATTERNS[pattern_id].regex
    re.compile(regex)
    assert regex.startswith("^") and regex.endswith("$")


@pytest.mark.parametrize("pattern_id", sorted(EXAMPLES))
def test_means_what_its_name_says(pattern_id):
    accepted, refused = EXAMPLES[pattern_id]
    regex = PATTERNS[pattern_id].regex
    assert [v for v in accepted if not matches(regex, v)] == []
    assert [v for v in refused if matches(regex, v)] == []


def test_the_any_pattern_matches_everything():
    assert PATTERNS["any"].regex == ANY
    assert matches(ANY, "") and matches(ANY, "\n")


@pytest.mark.parametrize("pattern_id", ["digits", "letterFirstAlnum", "email", "uppercaseOnly", "dateYmd"])
def test_a_trailing_newline_does_not_slip_through(pattern_id):
    accepted, _ = EXAMPLES[pattern_id]
    assert not matches(PATTERNS[pattern_id].regex, accepted[0] + "\n")


NODE = shutil.which("node")
JS_CHECK = """
const cases = JSON.parse(require('fs').readFileSync(0, 'utf8'));
const out = {};
for (const [id, regex, accepted, refused] of cases) {
  const re = new RegExp(regex);
  out[id] = [accepted.filter(v => !re.test(v)), refused.filter(v => re.test(v))];
}
process.stdout.write(JSON.stringify(out));
"""


@pytest.mark.skipif(NODE is None, reason="JavaScript is checked with Node.js")
def test_javascript_reads_each_pattern_the_same_way():
    cases = [
        [pattern_id, PATTERNS[pattern_id].regex, *EXAMPLES[pattern_id]]
        for pattern_id in sorted(set(PATTERNS) - {"any"})
    ]
    cases.append(["trailingNewline", PATTERNS["digits"].regex, [], ["123\n"]])
    result = subprocess.run(
        [NODE, "-e", JS_CHECK], input=json.dumps(cases), capture_output=True, text=True, check=True, timeout=30
    )
    disagreements = {k: v for k, v in json.loads(result.stdout).items() if v != [[], []]}
    assert disagreements == {}
