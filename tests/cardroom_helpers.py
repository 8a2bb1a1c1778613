"""Helpers of the card room tests: a poker table, seated players, a hand played to its end with
bots through the same store functions and live hand the runner uses (no event loop)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import select

from croupier.games.pvp.poker.bots import BotFn, preset
from croupier.games.pvp.poker.engine import ENGINE
from croupier.platform.cardroom import hands, seats, tables
from croupier.platform.cardroom.accounts import pot_code, stack_code
from croupier.platform.cardroom.hands import HandEnd, HandStart
from croupier.platform.cardroom.live import LiveHand
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.service import Platform
from croupier.rng.source import seeded
from croupier.store.cardroom_models import CardroomSeat
from croupier.store.models import Player

T0 = datetime(2026, 11, 26, 12, 0, tzinfo=UTC)


def table(p: Platform, table_id: str = "nl-eur", **kw: Any) -> str:
    spec = tables.TableSpec(table_id, "NL Hold'em EUR", kw.pop("game", "holdem"),
                            kw.pop("variant", "no_limit"), kw.pop("currency", "EUR"),
                            kw.pop("big_blind", 20), **kw)
    p.run(lambda s: tables.ensure_table(s, spec))
    return table_id


def sit(p: Platform, player: Player, table_id: str, seat: int, buy_in: int) -> dict[str, Any]:
    out: dict[str, Any] = p.run(lambda s: seats.buy_in(s, player, table_id, seat, buy_in, T0))
    return out


def bots_for(players: list[Player], habits: str = "loose", seed: int = 1) -> dict[int, BotFn]:
    kinds = ("loose", "tight", "maniac", "calling")
    return {pl.id: preset(kinds[i % 4] if habits == "mixed" else habits, seeded(seed * 1000 + i))
            for i, pl in enumerate(players)}


def begin(p: Platform, table_id: str, **kw: Any) -> HandStart | None:
    out: HandStart | None = p.run(lambda s: hands.begin_hand(s, table_id, T0, **kw))
    return out


def play_out(live: LiveHand, bots: Mapping[int, BotFn]) -> None:
    while not live.finished:
        seat = live.to_act()
        if seat is None:  # pragma: no cover - the live hand deals by itself
            raise AssertionError("nobody to act in an unfinished hand")
        d = bots[live.start.seat_players[seat]](live.state, ENGINE.legal_actions(live.state))
        live.act(seat, d.name, {k: v for k, v in d.args.items() if k != "seat"}, 0.0)


def finish(p: Platform, live: LiveHand) -> HandEnd:
    out: HandEnd = p.run(lambda s: hands.finish_hand(s, live.hand_id, live.state, T0, live.banks,
                                                     live.timed_out))
    return out


def play_hand(p: Platform, table_id: str, bots: Mapping[int, BotFn]) -> HandEnd | None:
    start = begin(p, table_id)
    if start is None:
        return None
    live = LiveHand(start, 0.0)
    play_out(live, bots)
    return finish(p, live)


def seat_rows(p: Platform, table_id: str) -> list[CardroomSeat]:
    def fn(s: Any) -> list[CardroomSeat]:
        rows = list(s.scalars(select(CardroomSeat).where(CardroomSeat.table_id == table_id)
                              .order_by(CardroomSeat.seat)))
        for r in rows:
            s.expunge(r)
        return rows
    out: list[CardroomSeat] = p.read(fn)
    return out


def balance(p: Platform, code: str) -> int:
    out: int = p.read(lambda s: Ledger(s).balance(code))
    return out


def cash(p: Platform, player: Player) -> int:
    return balance(p, player_code(player.id))


def stack_account(p: Platform, table_id: str, player: Player) -> int:
    return balance(p, stack_code(table_id, player.id))


def pot(p: Platform, table_id: str) -> int:
    try:
        return balance(p, pot_code(table_id))
    except Exception:  # noqa: BLE001 - no hand settled yet: no pot account
        return 0


def rake(p: Platform, cur: str = "EUR") -> int:
    return balance(p, system_code("rake", cur))
