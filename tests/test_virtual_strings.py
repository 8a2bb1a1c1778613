"""The virtual sports board in every language of the web shell (issue 23 item 4, docs/web.md):
every word the board (virtual.html, js/virtual/, the shared draw board js/draws/board.js) asks the
shell for is a row of the shell's table, and every row has one non-empty text per language with
the same {placeholders}."""

from __future__ import annotations

import json
import re
from pathlib import Path

WEB = Path(__file__).resolve().parents[1] / "src" / "croupier" / "web"
ROW = re.compile(r'^\s*(\w+): (\[.*\]),\s*$', re.M)


def _languages() -> list[str]:
    text = (WEB / "js/shell/i18n.js").read_text()
    found = re.search(r"export const LANGUAGES = \{(.*?)\};", text)
    assert found is not None
    return re.findall(r"(\w+): \"", found.group(1))


def _rows(path: Path) -> dict[str, list[str]]:
    return {k: json.loads(v) for k, v in ROW.findall(path.read_text())}


def _table() -> dict[str, list[str]]:
    rows: dict[str, list[str]] = {}
    for p in (WEB / "js/shell/i18n.js", WEB / "js/draws/strings.js", WEB / "js/virtual/strings.js"):
        rows.update(_rows(p))
    return rows


def test_issue23_every_row_of_the_virtual_boards_strings_is_in_every_shell_language() -> None:
    langs = _languages()
    assert langs == ["en", "uk", "lt"]
    for p in (WEB / "js/draws/strings.js", WEB / "js/virtual/strings.js"):
        rows = _rows(p)
        assert len(rows) >= 15, p
        for key, texts in rows.items():
            assert len(texts) == len(langs) and all(s.strip() for s in texts), (p.name, key)
            holes = [set(re.findall(r"\{(\w+)\}", s)) for s in texts]
            assert all(h == holes[0] for h in holes), (p.name, key)


def test_issue23_every_word_the_virtual_board_uses_is_in_the_shells_table() -> None:
    table = _table()
    used: set[str] = set()
    sources = [*(WEB / "js/virtual").glob("*.js"), WEB / "js/draws/board.js"]
    for p in sources:
        used |= set(re.findall(r'\bt\(\s*"(\w+)"', p.read_text()))
        used |= {f"v_state_{s}" for s in ("open", "lost", "void")} if "v_state_" in p.read_text() else set()
    used |= set(re.findall(r'data-i18n="(\w+)"', (WEB / "virtual.html").read_text()))
    assert len(used) > 40
    assert not sorted(used - set(table))
