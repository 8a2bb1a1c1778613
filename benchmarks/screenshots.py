"""Screenshots of the web client's renderers for review (``make screenshots``, issue 14).

The generic game page (``game.html``) is served from ``src/croupier/web`` on a loopback port with
no server behind it: the few API answers it asks for (the description, the player, the wallet,
the fairness seeds, the round) are sample answers given by Playwright's request routing, one per
outcome kind, so that each renderer draws a round. Each is shot at 1366x900 and 390x844 (a phone)
into ``screenshots/`` (git-ignored), once the animation has ended; the roulette board's preview
is added too. Debian's ``/usr/bin/chromium`` only.

    python -m benchmarks.screenshots [--out screenshots]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import threading
from pathlib import Path
from typing import Any

WEB_ROOT = Path(__file__).resolve().parents[1] / "src" / "croupier" / "web"
SIZES = {"desktop": (1366, 900), "phone": (390, 844)}

# One sample round per outcome kind (the normalised `display` of docs/describe.md).
DISPLAYS: dict[str, dict[str, Any]] = {
    "pocket": {"kind": "pocket", "pockets": ["17"], "colours": ["black"], "headline": "17 black"},
    "cards": {"kind": "cards", "hands": [{"label": "Player", "cards": ["As", "Th", "7d"], "total": "8"},
                                         {"label": "Banker", "cards": ["Kc", "5s"], "total": "5"}],
              "headline": "Player wins 8 to 5"},
    "dice": {"kind": "dice", "dice": [3, 5, 6], "total": 14, "headline": "14: 3 5 6"},
    "segment": {"kind": "segment", "segments": ["1", "2", "1", "5", "1", "10", "2", "1", "20", "1", "2", "5",
                                                "1", "2", "1", "10", "1", "2", "40", "1", "5", "2", "1", "2"],
                "index": 5, "label": "10", "headline": "10"},
    "balls": {"kind": "balls", "drawn": [4, 17, 33, 8, 21, 40, 12, 5, 29, 36], "picked": [4, 5, 6],
              "headline": "2 hits of 3"},
    "reels": {"kind": "reels", "window": [["A", "K", "Q"], ["W", "K", "S"], ["J", "K", "A"], ["Q", "10", "K"], ["S", "A", "J"]],
              "lines": [{"line": 1, "symbols": "K K K", "pays_minor": 500}], "headline": "Win 5.00"},
    "board": {"kind": "board", "cells": [[{"value": 5, "hit": True}, 18, 33, 49, {"value": 64, "hit": True}],
                                         [2, {"value": 21, "hit": True}, 40, 55, 70]], "headline": "3 marked"},
}


def _description(kind: str) -> dict[str, Any]:
    return {
        "game": f"sample_{kind}", "variant": "sample", "title": f"Sample {kind} game", "family": kind,
        "play": "single", "tables": [],
        "currencies": {"EUR": {"exponent": 2, "min_minor": 10, "max_minor": 500000,
                               "chips_minor": [10, 20, 50, 100, 250, 500, 1000]}},
        "bets": [
            {"code": "main", "label": "Main bet", "group": "main", "payout": "1:1", "limits": {"EUR": [10, 50000]},
             "target": {"kind": "none"}, "example_target": []},
            {"code": "pick", "label": "Pick a number", "group": "main", "payout": "35:1", "limits": {"EUR": [10, 10000]},
             "target": {"kind": "number", "min": 0, "max": 36}, "example_target": [17]},
            {"code": "side", "label": "Side", "group": "side", "payout": "11:1", "limits": {"EUR": [10, 10000]},
             "target": {"kind": "choice", "options": [{"value": "a", "label": "Left"}, {"value": "b", "label": "Right"}]},
             "example_target": ["a"]},
        ],
        "groups": [{"name": "main", "label": "Main bets"}, {"name": "side", "label": "Side bets"}],
        "decisions": [], "outcome": {"kind": kind},
        "rules": ["A sample game for the screenshots: one sentence per rule."],
        "paytable": [{"bet": "main", "label": "Main bet", "pays": "1:1"}, {"bet": "pick", "label": "Pick a number", "pays": "35:1"}],
    }


def _round(kind: str) -> dict[str, Any]:
    return {"round_id": 1, "kind": "single", "game": f"sample_{kind}", "variant": "sample", "state": "settled",
            "currency": "EUR", "currency_exponent": 2,
            "bets": [{"code": "main", "target": [], "stake_minor": 100, "returned_minor": 200, "outcome": "win"}],
            "stake_minor": 100, "returned_minor": 200, "net_minor": 100, "outcome": {}, "display": DISPLAYS[kind],
            "balance": {"cash_minor": 100100, "currency": "EUR"}}


def _routes(page: Any, kind: str) -> None:
    answers = {
        "/description": _description(kind),
        "/api/me": {"player": {"id": 1, "login": "review", "currency": "EUR", "currency_exponent": 2}},
        "/api/wallet": {"cash_minor": 100000, "currency": "EUR"},
        "/api/fairness": {"server_seed_hash": "9f2c" * 16, "client_seed": "review seed", "nonce": 12},
        "/api/rounds": _round(kind),
    }

    def answer(route: Any) -> None:
        url = route.request.url
        for suffix, body in answers.items():
            if url.split("?")[0].endswith(suffix):
                route.fulfill(status=200, content_type="application/json", body=json.dumps(body))
                return
        route.fulfill(status=404, content_type="application/json", body="{}")

    page.route("**/api/**", answer)


class _Quiet(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002
        pass


def main() -> None:
    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default="screenshots", type=Path)
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(WEB_ROOT)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu"])
        for size, (w, h) in SIZES.items():
            ctx = browser.new_context(viewport={"width": w, "height": h})
            page = ctx.new_page()
            page.goto(f"{base}/table.html?preview=european")
            page.wait_for_selector("#board .spot")
            page.screenshot(path=str(args.out / f"roulette-board-{size}.png"), full_page=True)
            page.evaluate("() => { localStorage.setItem('croupier.token', 'review'); localStorage.setItem('croupier.player', JSON.stringify({login: 'review'})); }")
            for kind in DISPLAYS:
                _routes(page, kind)
                page.goto(f"{base}/game.html?game=sample_{kind}&variant=sample")
                page.wait_for_selector("#layout .spot-btn")
                page.click("#layout .spot-btn[data-code='main']")
                page.click("#confirm")
                page.wait_for_selector("#stage[data-shown='true']")
                page.wait_for_selector("#result[data-round]")
                page.screenshot(path=str(args.out / f"{kind}-{size}.png"), full_page=True)
                page.unroute("**/api/**")
            ctx.close()
        browser.close()
    server.shutdown()
    print(f"screenshots in {args.out}/: roulette-board and {', '.join(DISPLAYS)} at {', '.join(SIZES)}")


if __name__ == "__main__":
    main()
