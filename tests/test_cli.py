"""The CLI's JSON contracts (other tools read them) and the README's generated tables."""

from __future__ import annotations

import io
import json
from pathlib import Path

from croupier.cli import main, render_readme

ROOT = Path(__file__).resolve().parents[1]


def run(*argv: str, stdin: str = "") -> tuple[int, str]:
    out = io.StringIO()
    code = main(list(argv), out=out, inp=io.StringIO(stdin))
    return code, out.getvalue()


def test_rtp_json_contract() -> None:
    code, text = run("rtp", "roulette", "--variant", "european", "--json")
    doc = json.loads(text)
    assert code == 0
    assert doc["game"] == "roulette" and doc["variant"] == "european" and doc["method"] == "exact"
    straight = doc["bets"][0]
    assert {"bet", "rtp", "rtp_exact", "house_edge"} <= set(straight)
    assert straight["bet"] == "straight" and straight["rtp_exact"] == "36/37"
    assert abs(straight["rtp"] + straight["house_edge"] - 1) < 1e-12


def test_simulate_json_contract() -> None:
    code, text = run("simulate", "roulette", "--variant", "european", "--rounds", "20000", "--seed", "3", "--json")
    doc = json.loads(text)
    assert code == 0
    assert {"game", "variant", "rounds", "seed", "rounds_per_second", "bets"} <= set(doc)
    assert doc["rounds"] == 20000 and doc["seed"] == 3
    for b in doc["bets"]:
        lo, hi = b["ci99"]
        assert lo <= b["rtp"] <= hi


def test_games_json_contract_lists_every_roulette_variant() -> None:
    code, text = run("games", "--json")
    doc = json.loads(text)
    roulette = next(g for g in doc if g["game"] == "roulette")
    names = {v["variant"] for v in roulette["variants"]}
    assert {"european", "french_la_partage", "american", "electronic", "double_ball", "lightning"} <= names
    assert all({"variant", "title", "source"} <= set(v) for v in roulette["variants"])
    assert next(v for v in roulette["variants"] if v["variant"] == "one_bet")["paytable_assumed"]


def test_verify_recomputes_a_documented_vector() -> None:
    seed = "00" * 32
    commit = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
    code, text = run("verify", "--server-seed", seed, "--client-seed", "player", "--nonce", "0",
                     "--commitment", commit, "--json")
    doc = json.loads(text)
    assert code == 0 and doc["commitment_matches"] is True
    assert doc["result"]["pockets"] == ["29"]  # docs/provably_fair.md first vector
    code, _ = run("verify", "--server-seed", seed, "--client-seed", "player", "--nonce", "0",
                  "--commitment", "ff" * 32)
    assert code == 1


def test_bad_input_exits_with_a_message() -> None:
    assert run("rtp", "nosuchgame")[0] == 2
    assert run("rtp", "roulette", "--variant", "nosuch")[0] == 2


def test_interactive_play_settles_and_refuses_bad_bets() -> None:
    code, text = run("play", "roulette", "--seed", "1",
                     stdin="split 1 9 1\nred 5\nstraight 17 0.001\nspin\nquit\n")
    assert code == 0
    assert "refused: 1, 9 is not a split" in text
    assert "refused: 0.001 EUR is not a whole number of minor units" in text
    assert "balance" in text


def test_readme_tables_are_generated_and_up_to_date() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "<!-- BEGIN GENERATED: roulette" in text
    assert render_readme(text) == text, "README is stale: run `croupier readme --write README.md`"


def test_verify_re_enacts_a_round_record_from_revealed_seeds(tmp_path: Path) -> None:
    from croupier.games.base import BetRequest, play
    from croupier.games.registry import load_variant
    from croupier.games.roulette import ENGINE
    from croupier.rng import fair

    seed, client, nonce = "42" * 32, "me", 7
    v = load_variant("roulette", "lightning")
    state, _ = play(ENGINE, v, [BetRequest("straight", 100, (17,))], "EUR", fair.stream(seed, client, nonce))
    record = tmp_path / "round.json"
    record.write_text(json.dumps({"events": [e.to_dict() for e in state.events]}))
    args = ["verify", "--server-seed", seed, "--client-seed", client, "--nonce", str(nonce),
            "--variant", "lightning", "--record", str(record), "--json"]
    code, text = run(*args)
    assert code == 0 and json.loads(text)["record_matches"] is True
    # the same record checked against another nonce: the first draw no longer matches
    args[6] = str(nonce + 1)
    code, text = run(*args)
    doc = json.loads(text)
    assert code == 1 and doc["record_matches"] is False and "the seeds give" in doc["mismatch"]


def test_a_simulated_figure_is_not_reported_as_exact() -> None:
    """`croupier rtp --json`: a bet estimated by simulation (a main bet too large to enumerate)
    carries its interval and sample size, and no `rtp_exact` (its sample mean is not exact)."""
    from fractions import Fraction

    from croupier.analysis.report import rtp_json
    from croupier.games.dealer_poker.analysis import SimulatedBetRTP
    from croupier.games.maths import BetRTP

    sim = SimulatedBetRTP(bet="ante", rtp=Fraction(97, 100), rtp_max=Fraction(97, 100),
                          selections=1, hit_frequency=Fraction(1, 2), variance=Fraction(2),
                          max_return=Fraction(50), rounds=10**6, ci99=(0.96, 0.98))
    exact = BetRTP(bet="bonus", rtp=Fraction(9, 10), rtp_max=Fraction(9, 10), selections=1,
                   hit_frequency=Fraction(1, 10), variance=Fraction(3), max_return=Fraction(30))

    class V:
        name = "v"

    out = rtp_json("g", V(), [sim, exact])
    ante, bonus = out["bets"]
    assert out["method"] == "simulation"
    assert ante["rtp_exact"] is None and ante["rtp_sample_mean"] == "97/100"
    assert ante["method"] == "simulation" and ante["rounds"] == 10**6
    assert bonus["rtp_exact"] == "9/10" and bonus["method"] == "exact"
