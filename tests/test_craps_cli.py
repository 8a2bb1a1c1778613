"""`croupier rtp|simulate|parsheet craps` (000 §12.41): exact fractions, a simulation inside its
intervals, a par sheet."""

from __future__ import annotations

import io
import json

from croupier.cli import main


def run(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out)
    return code, out.getvalue()


def test_000_12_41_rtp_prints_every_bet_exactly() -> None:
    code, text = run("rtp", "craps", "--variant", "standard", "--json")
    assert code == 0
    rows = {r["bet"]: r for r in json.loads(text)["bets"]}
    assert len(rows) == 17
    assert rows["pass"]["rtp_exact"] == "488/495"
    assert rows["dont_pass"]["rtp_exact"] == "217/220"
    assert rows["odds"]["rtp_exact"] == "1/1"


def test_000_12_41_simulate_and_parsheet() -> None:
    code, text = run("simulate", "craps", "--variant", "standard", "--rounds", "300000", "--seed", "5")
    assert code == 0 and text.count("inside") >= 16
    code, text = run("parsheet", "craps", "--variant", "standard")
    assert code == 0 and "488/495" in text and "| `place_win` | 4: 9:5" in text
