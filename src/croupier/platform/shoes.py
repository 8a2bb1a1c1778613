"""Shoe tables (issue 5): one persisted, provably fair shoe per card table, dealt in order.

A table whose game is dealt from a shoe of 4 decks or more, deals only ``card`` draws and asks no
decision once bets are closed (baccarat; Dragon Tiger, Football Studio, War of Bets, Top Card:
:func:`is_shoe_game` finds them by running the engine) takes its cards from a shoe instead of a
fresh stream per round:

* **Shuffle.** A new shoe draws a 32-byte server seed; its SHA-256 is published (on every round
  of the shoe: ``server_seed_hash``, and in the table view) before the first card is dealt. The
  cards are the engine's own fresh composition (baccarat: ``decks`` decks) shuffled by
  Fisher-Yates from ``HMAC-SHA256(server_seed, "<table>:shoe:<n>:0:<counter>")``
  (docs/provably_fair.md with client seed ``<table>:shoe:<n>`` and nonce 0). Baccarat uses its own
  :class:`~croupier.games.baccarat.shoe.TableShoe` (004 §3.2 burn: the first card shown, then
  that many burned; the cut card ``cut_card_from_end`` cards from the end). Other games burn
  nothing; ASSUMPTION: their cut card sits one deck (52 cards) from the end, at most a quarter of
  the shoe.
* **Dealing.** A round is dealt when it is resulted, from ``position`` on, in order, through the
  engine; the round stores its draws, its outcome (with the cards and the shoe positions) and
  the shoe's new position **in the same transaction**. So a card is dealt exactly when a round's
  result is committed: a round voided before its result (restart, failure) dealt no card and the
  next round deals those cards; a round that has its result keeps its cards even if it is then
  voided (they are burned: never dealt again). Nothing is re-dealt, nothing skipped.
* **Cut card.** When a round's cards pass the cut card, the round is finished normally, the shoe
  is finished and its seed revealed (in that round's outcome, in the table view, and on every
  round of the shoe); the next round opens a new shoe (004 §3.2 "the shoe is replaced").
* **Verification.** Anyone can check ``SHA-256(seed) == server_seed_hash`` and recompute the
  order of the cards (:func:`shuffle_cards`, :func:`verify_shoe`); each round's ``nonce`` is the
  position of its first card.

Each round stores its draws in the engine's convention for a **fresh** shoe (a card draw is the
index of the card in the sorted fresh composition): every player's bets are then settled by the
platform's ordinary path (:func:`croupier.platform.rounds.settle_play`), which starts the engine
without a shoe. Payouts depend only on the cards, never on the composition left, so this is exact;
the shoe itself (order, positions, seed) is the record of ``table_shoes``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from typing import Any

from sqlalchemy import func, select, update
from sqlalchemy.orm import Session

from croupier.cards import name, parse
from croupier.errors import CroupierError, IllegalAction
from croupier.games.baccarat.roads import Mark, bead_plate, big_road, mark
from croupier.games.baccarat.rules import Coup
from croupier.games.baccarat.shoe import TableShoe
from croupier.games.baccarat.variant import BaccaratVariant
from croupier.games.base import Action, DrawAction, play
from croupier.games.cardcompare.composition import Composition
from croupier.games.describe import view_of
from croupier.games.registry import GameSpec
from croupier.platform.clock import iso
from croupier.platform.errors import RoundStateError
from croupier.platform.rounds import actions_of, outcome_of, resolve_game
from croupier.rng import fair
from croupier.store.models import GameTable, Round, TableShoeRow

#: rows of the scoreboards (bead plate and big road), as in most casinos
ROAD_ROWS = 6
#: rounds whose cards the table view lists
RECENT_COUPS = 12
#: ASSUMPTION (no extract gives it for these games): the cut card one deck from the end
DEFAULT_CUT_FROM_END = 52
FAIR_SCHEME = "table_shoe"
#: ASSUMPTION: a game of fewer decks (32 Cards' single pack, Speedy 7's deck) is dealt from a fresh
#: pack each round, as its extract describes, not from a shoe
MIN_SHOE_DECKS = 4


class ShoeError(RoundStateError):
    """The shoe cannot deal this round (it ran out of cards, or a draw is not a card)."""

    code = "shoe_error"


# -- which games deal from a shoe -----------------------------------------------------------------


@cache
def is_shoe_game(game_name: str, variant_name: str) -> bool:
    """Whether a round of this game is dealt from cards only, with no decision: run the engine once
    on its demonstration bets (from a fixed stream) and look at the draws it asked for."""
    try:
        spec, variant = resolve_game(game_name, variant_name)
        if int(getattr(variant, "decks", 0)) < MIN_SHOE_DECKS:
            return False
        demo = spec.demo_bets(variant, "XXX")
        first = spec.engine.start(variant, demo, "XXX")
        if not isinstance(getattr(first, "shoe", None), Composition):
            return False
        state, _ = play(spec.engine, variant, demo, "XXX", fair.stream("00" * 32, "shoe-check", 0))
    except CroupierError:
        return False
    kinds = {a.kind for a in actions_of(state.events) if isinstance(a, DrawAction)}
    return kinds == {"card"}


def _fresh(spec: GameSpec, variant: Any) -> Composition:
    comp = spec.engine.start(variant, spec.demo_bets(variant, "XXX"), "XXX").shoe
    if not isinstance(comp, Composition):  # pragma: no cover - is_shoe_game checked it
        raise ShoeError(f"{spec.name} does not deal from a shoe")
    return comp


# -- the shoe: shuffle, verify, deal --------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class ShuffledShoe:
    cards: tuple[int, ...]
    first: int  # the first card dealt (after the burn)
    cut: int  # the cut card lies before ``cards[cut]``


def shuffle_cards(game_name: str, variant_name: str, server_seed: str, client_seed: str) -> ShuffledShoe:
    """The shoe a seed pair makes (nonce 0): the whole deterministic part of a shoe."""
    spec, variant = resolve_game(game_name, variant_name)
    source = fair.stream(server_seed, client_seed, 0)
    if isinstance(variant, BaccaratVariant):
        ts = TableShoe.new(variant, source)  # 004 §3.2 burn and the variant's cut card
        return ShuffledShoe(ts.cards, ts.position, ts.cut)
    cards = [code for code, n in _fresh(spec, variant).codes() for _ in range(n)]
    source.shuffle(cards)
    cut = len(cards) - min(DEFAULT_CUT_FROM_END, len(cards) // 4)
    return ShuffledShoe(tuple(cards), 0, cut)


def verify_shoe(game_name: str, variant_name: str, server_seed: str, client_seed: str,
                server_seed_hash: str, cards: Sequence[int]) -> bool:
    """A revealed shoe is the committed one: its seed hashes to the commitment and makes exactly
    these cards in this order."""
    if not fair.matches(server_seed, server_seed_hash):
        return False
    return list(shuffle_cards(game_name, variant_name, server_seed, client_seed).cards) == list(cards)


@dataclass(frozen=True, slots=True)
class Deal:
    actions: list[Action]  # fresh-shoe draws (see the module docstring)
    outcome: dict[str, Any]
    cards: list[int]  # in the order dealt
    to: list[str]  # where each card went (player, banker, dragon...)
    next_position: int


def deal(spec: GameSpec, variant: Any, cards: Sequence[int], position: int) -> Deal:
    """Deal one round from ``cards[position:]`` through the engine, in order."""
    state = spec.engine.start(variant, spec.demo_bets(variant, "XXX"), "XXX")
    pos = position
    while not spec.engine.is_finished(state):
        req = spec.engine.next_draw(state)
        if req is None or req.kind != "card":
            raise ShoeError(f"{spec.name} asked for {req!r}, not a card: it cannot deal from a shoe")
        if pos >= len(cards):
            raise ShoeError("the shoe ran out of cards before the round was dealt")
        card = int(cards[pos])
        try:
            state = spec.engine.apply(state, DrawAction("card", state.shoe.index_of(card)))
        except IllegalAction as exc:  # pragma: no cover - the shoe is the fresh composition
            raise ShoeError(f"the shoe's card {name(card)} cannot be dealt: {exc}") from None
        pos += 1
    draws = [e.data for e in state.events if e.type == "draw"]
    return Deal(actions_of(state.events), dict(outcome_of(state.events) or {}),
                [int(c) for c in cards[position:pos]], [str(d.get("to", "")) for d in draws], pos)


# -- persistence ----------------------------------------------------------------------------------


def _latest(session: Session, table_id: str) -> TableShoeRow | None:
    return session.scalars(select(TableShoeRow).where(TableShoeRow.table_id == table_id)
                           .order_by(TableShoeRow.number.desc()).limit(1)).one_or_none()


def new_shoe(session: Session, table: GameTable, now: datetime) -> TableShoeRow:
    number = int(session.scalar(select(func.max(TableShoeRow.number))
                                .where(TableShoeRow.table_id == table.id)) or 0) + 1
    seed = fair.new_server_seed()
    client_seed = f"{table.id}:shoe:{number}"
    shoe = shuffle_cards(table.game, table.variant, seed, client_seed)
    row = TableShoeRow(table_id=table.id, number=number, game=table.game, variant=table.variant,
                       state="dealing", server_seed=seed, server_seed_hash=fair.commitment(seed),
                       client_seed=client_seed, cards=list(shoe.cards), first=shoe.first,
                       cut=shoe.cut, position=shoe.first, rounds_dealt=0, created_at=now,
                       finished_at=None)
    session.add(row)
    session.flush()
    return row


def finish(session: Session, shoe: TableShoeRow, now: datetime) -> None:
    """The shoe is done: reveal its seed, on the shoe and on every round dealt from it."""
    shoe.state = "finished"
    shoe.finished_at = now
    session.execute(update(Round).where(Round.shoe_id == shoe.id)
                    .values(server_seed=shoe.server_seed)
                    .execution_options(synchronize_session=False))


def current_shoe(session: Session, table: GameTable, now: datetime) -> TableShoeRow:
    """The table's shoe in play (locked), or a new one when there is none or the last one is
    finished (or was made for another game or variant of the table)."""
    row = session.scalars(select(TableShoeRow).where(TableShoeRow.table_id == table.id,
                                                     TableShoeRow.state == "dealing")
                          .order_by(TableShoeRow.number.desc()).limit(1).with_for_update()
                          .execution_options(populate_existing=True)).one_or_none()
    if row is not None and ((row.game, row.variant) != (table.game, table.variant)
                            or row.position >= row.cut):
        finish(session, row, now)
        row = None
    return row if row is not None else new_shoe(session, table, now)


def attach(rnd: Round, shoe: TableShoeRow) -> None:
    """The round's fairness data is its shoe's: commitment, client seed; nonce = first card."""
    rnd.shoe_id = shoe.id
    rnd.fair_scheme = FAIR_SCHEME
    rnd.server_seed = shoe.server_seed if shoe.state == "finished" else None
    rnd.server_seed_hash = shoe.server_seed_hash
    rnd.client_seed = shoe.client_seed
    rnd.nonce = shoe.position


def prepare_round(session: Session, rnd: Round, now: datetime) -> None:
    """At betting open: a shoe table's round publishes the commitment of the shoe it will be
    dealt from (a new shoe is shuffled here when the last one is finished)."""
    if rnd.table_id is None or not is_shoe_game(rnd.game, rnd.variant):
        return
    table = session.get(GameTable, rnd.table_id)
    if table is None:  # pragma: no cover - foreign key
        return
    attach(rnd, current_shoe(session, table, now))
    session.flush()


def deal_round(session: Session, rnd: Round, now: datetime) -> tuple[list[Action], dict[str, Any]]:
    """Deal a closed round from its table's shoe (called by ``tables.result_round`` in the
    transaction that stores the result). Returns the round's draws and outcome."""
    spec, variant = resolve_game(rnd.game, rnd.variant)
    table = session.get(GameTable, rnd.table_id) if rnd.table_id is not None else None
    if table is None:
        raise ShoeError("a shoe round belongs to a table")
    shoe = current_shoe(session, table, now)
    attach(rnd, shoe)  # normally the shoe it was opened with; else the one in play now
    first = shoe.position
    d = deal(spec, variant, shoe.cards, first)
    shoe.position = d.next_position
    shoe.rounds_dealt += 1
    cut_out = shoe.position >= shoe.cut
    info: dict[str, Any] = {
        "number": shoe.number, "server_seed_hash": shoe.server_seed_hash,
        "client_seed": shoe.client_seed, "first_card": first, "next_card": shoe.position,
        "cut": shoe.cut, "cards": [name(c) for c in d.cards], "to": d.to, "cut_card_out": cut_out,
    }
    if cut_out:  # 004 §3.2: the coup is finished; the shoe is replaced for the next one
        finish(session, shoe, now)
        rnd.server_seed = shoe.server_seed
        info["server_seed"] = shoe.server_seed
    outcome = d.outcome
    outcome["shoe"] = info
    return d.actions, outcome


# -- the table view: shoe, scoreboards, recent rounds ---------------------------------------------


def road_mark(outcome: dict[str, Any]) -> Mark | None:
    """A round's mark on the scoreboards: baccarat's own (winner and pairs, from the cards);
    any other shoe game by its winner (a draw is a tie)."""
    winner = outcome.get("winner")
    if not isinstance(winner, str):
        return None
    if winner in ("player", "banker", "tie") and "player" in outcome and "banker" in outcome:
        coup = Coup(tuple(parse(c) for c in outcome["player"]),
                    tuple(parse(c) for c in outcome["banker"]))
        return mark(coup)
    return Mark("tie" if winner in ("tie", "draw") else winner)


def _cells(grid: dict[tuple[int, int], Mark]) -> list[dict[str, Any]]:
    return [{"col": c, "row": r, "winner": m.winner, "player_pair": m.player_pair,
             "banker_pair": m.banker_pair, "ties": m.ties}
            for (c, r), m in sorted(grid.items())]


def _shoe_brief(shoe: TableShoeRow) -> dict[str, Any]:
    out: dict[str, Any] = {
        "number": shoe.number, "state": shoe.state, "server_seed_hash": shoe.server_seed_hash,
        "client_seed": shoe.client_seed, "cards_total": len(shoe.cards),
        "cards_left": len(shoe.cards) - shoe.position, "cards_dealt": shoe.position - shoe.first,
        "cut": shoe.cut, "cut_card_out": shoe.position >= shoe.cut, "rounds": shoe.rounds_dealt,
        "burned": shoe.first, "shown": name(shoe.cards[0]) if shoe.first else None,
        "created_at": iso(shoe.created_at), "finished_at": iso(shoe.finished_at),
    }
    if shoe.state == "finished":  # revealed: anyone can recompute the shoe
        out["server_seed"] = shoe.server_seed
        out["cards"] = [name(c) for c in shoe.cards]
    return out


def view(session: Session, table: GameTable) -> dict[str, Any]:
    """The shoe part of a table's view: the shoe in play, the last revealed one, the bead plate
    and big road of the shoe's rounds so far (``games/baccarat/roads.py``), its recent cards."""
    if not is_shoe_game(table.game, table.variant):
        return {}
    shoe = _latest(session, table.id)
    if shoe is None:
        return {"shoe": None, "previous_shoe": None, "roads": {"rows": ROAD_ROWS, "bead_plate": [],
                                                                "big_road": []}, "coups": []}
    rounds = session.execute(select(Round.id, Round.number, Round.state, Round.outcome)
                             .where(Round.shoe_id == shoe.id,
                                    Round.state.in_(("resulted", "settled")))
                             .order_by(Round.number)).all()
    marks = [m for m in (road_mark(r.outcome or {}) for r in rounds) if m is not None]
    previous = shoe if shoe.state == "finished" else session.scalars(
        select(TableShoeRow).where(TableShoeRow.table_id == table.id,
                                   TableShoeRow.state == "finished")
        .order_by(TableShoeRow.number.desc()).limit(1)).one_or_none()
    coups = [{"round_id": r.id, "number": r.number, "state": r.state, "outcome": r.outcome,
              "display": view_of(table.game, table.variant, r.outcome)}  # issue 14
             for r in reversed(rounds[-RECENT_COUPS:])]
    return {
        "shoe": _shoe_brief(shoe),
        "previous_shoe": _shoe_brief(previous) if previous is not None else None,
        "roads": {"rows": ROAD_ROWS, "bead_plate": _cells(bead_plate(marks, ROAD_ROWS)),
                  "big_road": _cells(big_road(marks, ROAD_ROWS))},
        "coups": coups,
    }
