"""RTP and simulation reports: the JSON contract, terminal tables and par-sheet Markdown.

JSON contract (other tools read it; keep it stable):

* ``rtp``: ``{"game", "variant", "method": "exact", "bets": [{"bet", "rtp", "rtp_exact": "p/q",
  "house_edge"}]}`` (extra keys per bet: ``hit_frequency``, ``std_dev``, ``max_return``,
  ``selections``, ``rtp_max``). A bet whose figure is simulated has ``"method": "simulation"``,
  ``rounds``, ``ci99``, ``rtp_exact: null`` and its sample mean as ``rtp_sample_mean`` ("p/q").
* ``simulate``: ``{"game", "variant", "rounds", "seed", "rounds_per_second",
  "bets": [{"bet", "rtp", "ci99": [lo, hi]}]}``.
* ``games``: ``[{"game", "variants": [{"variant", "title", "source"}]}]``.
"""

from __future__ import annotations

from typing import Any

from croupier.games.maths import BetRTP
from croupier.games.registry import SimBet, game, games, parse_unchecked, variant_names
from croupier.money import Payout


def _simulated(r: BetRTP) -> bool:
    """A figure from simulation carries its sample size and 99% interval (``rounds``, ``ci99``)."""
    return getattr(r, "rounds", 0) > 0 and getattr(r, "ci99", None) is not None


def _max_txt(r: BetRTP) -> str:
    """The largest return as ``x<n>``; a negative figure marks a return without a bound (a
    game show's multipliers that stack without a cap)."""
    return f"x{float(r.max_return):g}" if r.max_return >= 0 else "unbounded"


def rtp_json(game_name: str, variant: Any, rtps: list[BetRTP]) -> dict[str, Any]:
    bets = []
    for r in rtps:
        entry: dict[str, Any] = {
            "bet": r.bet,
            "rtp": float(r.rtp),
            "rtp_exact": f"{r.rtp.numerator}/{r.rtp.denominator}",
            "house_edge": float(r.house_edge),
            "rtp_max": float(r.rtp_max),
            "selections": r.selections,
            "hit_frequency": float(r.hit_frequency),
            "std_dev": r.std_dev,
            "max_return": float(r.max_return) if r.max_return >= 0 else None,  # None: unbounded
        }
        if _simulated(r):
            # the main bet of a game too large to enumerate: an estimate with its interval; the
            # sample mean is no exact figure, so ``rtp_exact`` stays empty
            entry["rtp_exact"] = None
            entry["rtp_sample_mean"] = f"{r.rtp.numerator}/{r.rtp.denominator}"
            entry["method"] = "simulation"
            entry["rounds"] = getattr(r, "rounds", 0)
            entry["ci99"] = list(getattr(r, "ci99", ()))
        elif any(_simulated(x) for x in rtps):
            entry["method"] = "exact"
        if r.note:
            entry["note"] = r.note
        bets.append(entry)
    return {
        "game": game_name,
        "variant": variant.name,
        "method": "simulation" if any(_simulated(r) for r in rtps) else "exact",
        "bets": bets,
    }


def rtp_text(game_name: str, variant: Any, rtps: list[BetRTP]) -> str:
    lines = [
        f"{game_name} / {variant.name} - {variant.title}  (source: {variant.source})",
        "exact RTP by enumeration of every outcome through the engine's settlement",
        f"{'bet':<14}{'RTP':>10}{'house edge':>12}  {'exact':<14}{'hit freq':>9}{'std dev':>9}",
    ]
    for r in rtps:
        spread = "" if r.rtp == r.rtp_max else f"  (up to {float(r.rtp_max):.4%})"
        if _simulated(r):
            lo, hi = getattr(r, "ci99", (0.0, 0.0))
            spread += f"  simulated, {getattr(r, 'rounds', 0):,} rounds, 99% CI [{lo:.4%}, {hi:.4%}]"
        lines.append(
            f"{r.bet:<14}{float(r.rtp):>10.4%}{float(r.house_edge):>12.4%}  "
            f"{str(r.rtp):<14}{float(r.hit_frequency):>9.4f}{r.std_dev:>9.3f}{spread}"
        )
    lines += [f"  {r.bet}: {r.note}" for r in rtps if r.note]
    return "\n".join(lines)


def sim_json(game_name: str, variant: Any, rounds: int, seed: int, rate: float,
             sims: list[SimBet]) -> dict[str, Any]:
    return {
        "game": game_name,
        "variant": variant.name,
        "rounds": rounds,
        "seed": seed,
        "rounds_per_second": rate,
        "bets": [{"bet": s.bet, "rtp": s.rtp, "ci99": [s.ci99[0], s.ci99[1]]} for s in sims],
    }


def sim_text(game_name: str, variant: Any, rounds: int, seed: int, rate: float,
             sims: list[SimBet], exact: dict[str, BetRTP] | None = None) -> str:
    lines = [
        f"{game_name} / {variant.name}: {rounds:,} rounds, seed {seed}, {rate:,.0f} rounds/s",
        f"{'bet':<14}{'RTP':>10}   {'99% interval':<22}{'exact':>10}",
    ]
    for s in sims:
        ex = exact.get(s.bet) if exact else None
        ex_txt = f"{float(ex.rtp):>10.4%}" if ex else ""
        inside = ""
        if ex is not None:
            inside = "  inside" if s.ci99[0] <= float(ex.rtp) <= s.ci99[1] else "  OUTSIDE"
        lines.append(
            f"{s.bet:<14}{s.rtp:>10.4%}   [{s.ci99[0]:.4%}, {s.ci99[1]:.4%}]{ex_txt}{inside}"
        )
    return "\n".join(lines)


def games_json() -> list[dict[str, Any]]:
    out = []
    for name in games():
        vs = []
        for v in variant_names(name):
            var = parse_unchecked(name, v)
            entry = {"variant": v, "title": var.title, "source": var.source}
            if getattr(var, "paytable_assumed", False):
                entry["paytable_assumed"] = True
            vs.append(entry)
        out.append({"game": name, "variants": vs})
    return out


def games_text() -> str:
    lines = []
    for g in games_json():
        lines.append(f"{g['game']}: {game(g['game']).title}")
        for v in g["variants"]:
            flag = "  [paytable assumed]" if v.get("paytable_assumed") else ""
            lines.append(f"  {v['variant']:<22}{v['title']}  ({v['source']}){flag}")
    return "\n".join(lines)


def payout_text(p: Payout) -> str:
    return str(p)


def markdown_variant(game_name: str, variant: Any, rtps: list[BetRTP]) -> str:
    """A par-sheet style Markdown table: every bet with its payout and exact figures."""
    payouts = getattr(variant, "payouts", {})
    lines = [
        f"#### {variant.title} (`{variant.name}`)",
        "",
        f"Source: {variant.source}." + ("  **Paytable assumed.**" if getattr(variant, "paytable_assumed", False) else ""),
        "",
        "| bet | pays | RTP | house edge | exact RTP | hit frequency | std dev | max return |",
        "|---|---|---|---|---|---|---|---|",
    ]
    tables = getattr(variant, "paytables", {})
    for r in rtps:
        pays = str(payouts[r.bet]) if r.bet in payouts else "by table" if tables else "per chip"
        exact_txt = f"{r.rtp}" if len(str(r.rtp)) <= 60 else f"{len(str(r.rtp))}-character fraction (`croupier rtp`)"
        if _simulated(r):
            lo, hi = getattr(r, "ci99", (0.0, 0.0))
            exact_txt = f"simulated ({getattr(r, 'rounds', 0):,} rounds, 99% CI {lo:.2%}-{hi:.2%})"
        lines.append(
            f"| `{r.bet}` | {pays} | {float(r.rtp):.4%} | {float(r.house_edge):.4%} | "
            f"{exact_txt} | {float(r.hit_frequency):.4f} | {r.std_dev:.3f} | {_max_txt(r)} |"
        )
    strategy = [f"- `{r.bet}`: {r.note}" for r in rtps if r.note]
    if strategy:
        lines += ["", "Notes:", "", *strategy]
    notes = getattr(variant, "assumptions", ())
    if notes:
        lines += ["", "Assumptions:", ""] + [f"- {a}" for a in notes]
    return "\n".join(lines)


def parsheet_markdown(game_name: str, variant: Any, rtps: list[BetRTP]) -> str:
    """The par sheet an operator files with a regulator, as Markdown."""
    head = [
        f"# Par sheet: {game(game_name).title} - {variant.title}",
        "",
        f"- Game: `{game_name}`; variant: `{variant.name}`; kind: {variant.kind}",
        f"- Rules source: {variant.source}",
        "- Method: exact enumeration of every outcome through the engine's own settlement",
        "- Figures per unit staked; hit frequency = chance the bet returns more than the stake;",
        "  std dev = standard deviation of the return; max return = largest total return.",
        "",
    ]
    text = "\n".join(head) + markdown_variant(game_name, variant, rtps).split("\n", 1)[1] + "\n"
    extra = getattr(variant, "parsheet_markdown", None)  # a family's own section (slots)
    if callable(extra):
        text += "\n" + extra()
    return text


def parsheet_html(game_name: str, variant: Any, rtps: list[BetRTP]) -> str:
    """The same par sheet as a standalone HTML page."""
    from html import escape

    rows = "".join(
        f"<tr><td>{escape(r.bet)}</td><td>{escape(str(getattr(variant, 'payouts', {}).get(r.bet, 'per chip')))}</td>"
        f"<td>{float(r.rtp):.4%}</td><td>{float(r.house_edge):.4%}</td><td>{r.rtp}</td>"
        f"<td>{float(r.hit_frequency):.4f}</td><td>{r.std_dev:.3f}</td><td>{_max_txt(r)}</td></tr>"
        for r in rtps
    )
    notes = "".join(f"<li>{escape(a)}</li>" for a in getattr(variant, "assumptions", ()))
    return (
        "<!doctype html><html lang='en'><meta charset='utf-8'>"
        f"<title>Par sheet: {escape(variant.title)}</title>"
        "<style>body{font-family:system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}"
        "td,th{border:1px solid #999;padding:.3rem .6rem;text-align:right}td:first-child{text-align:left}</style>"
        f"<h1>Par sheet: {escape(game(game_name).title)} - {escape(variant.title)}</h1>"
        f"<p>Game <code>{escape(game_name)}</code>, variant <code>{escape(variant.name)}</code>. "
        f"Rules source: {escape(variant.source)}. Exact enumeration through the engine's settlement.</p>"
        "<table><thead><tr><th>bet</th><th>pays</th><th>RTP</th><th>house edge</th><th>exact RTP</th>"
        "<th>hit frequency</th><th>std dev</th><th>max return</th></tr></thead>"
        f"<tbody>{rows}</tbody></table>"
        + (f"<h2>Assumptions</h2><ul>{notes}</ul>" if notes else "")
        + (f"<pre>{escape(extra())}</pre>" if callable(extra := getattr(variant, "parsheet_markdown", None)) else "")
        + "</html>\n"
    )
