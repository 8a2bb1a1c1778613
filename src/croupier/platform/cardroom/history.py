"""Hand histories (issue 21 part 3): any player of a hand can recall it, seeing only the cards he
was entitled to see - his own, every face-up card, and the cards shown at the showdown; never the
``draw`` values (they decode the deck) nor a folded or mucked hand. Hands replay from their
stored record (:func:`croupier.games.pvp.poker.engine.replay_hand`); once the table's seed is
revealed, the deals are recomputed from it too (provably fair)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from croupier.games.base import DrawAction, Event
from croupier.games.pvp.poker.engine import ENGINE, replay_hand
from croupier.games.pvp.poker.state import setup_from_record
from croupier.platform.cardroom import seeds, tables
from croupier.platform.cardroom.views import cards_for, dealt_cards, shown_cards
from croupier.platform.errors import NotFound
from croupier.rng import fair
from croupier.store.cardroom_models import (
    CardroomHand,
    CardroomHandPlayer,
    CardroomSeat,
    CardroomSeed,
)
from croupier.store.models import Player


def player(platform: Any, player_id: int) -> Player:
    def fn(s: Session) -> Player:
        p = s.get(Player, player_id)
        if p is None:
            raise NotFound(f"no player {player_id}")
        s.expunge(p)
        return p
    out: Player = platform.read(fn)
    return out


def lobby(session: Session) -> list[dict[str, Any]]:
    seated = dict(session.execute(select(CardroomSeat.table_id, func.count()).group_by(
        CardroomSeat.table_id)).all())
    out = []
    for t in tables.list_tables(session):
        out.append({**t, "seated": int(seated.get(t["id"], 0) or 0)})
    return out


def _mine(session: Session, hand_id: int, player_id: int) -> tuple[CardroomHand, int]:
    hand = session.get(CardroomHand, hand_id)
    seat = session.scalar(select(CardroomHandPlayer.seat).where(
        CardroomHandPlayer.hand_id == hand_id, CardroomHandPlayer.player_id == player_id))
    if hand is None or seat is None:
        raise NotFound(f"you did not play hand {hand_id}")
    return hand, int(seat)


def _events(hand: CardroomHand) -> list[Event]:
    return [Event.from_dict(e) for e in hand.record or []]


def visible_events(events: list[Event], seat: int) -> list[dict[str, Any]]:
    """The record as the player at ``seat`` may see it."""
    dealt = dealt_cards(events)
    shown = shown_cards(events)
    out = []
    for e in events:
        if e.type == "draw":
            continue
        d = e.to_dict()
        if e.type == "dealt":
            seen = {k: iter(cards_for(k, dealt, shown, seat)) for k in dealt}
            cards = []
            for where, card, up in e.data["cards"]:
                if where == "board":
                    cards.append(["board", card, up])
                else:
                    vis = next(seen[int(where)])
                    cards.append([where, card if vis is not None else None, up])
            d["data"] = {**e.data, "cards": cards}
        out.append(d)
    return out


def hand_view(session: Session, hand_id: int, player_id: int) -> dict[str, Any]:
    hand, seat = _mine(session, hand_id, player_id)
    seed = session.get(CardroomSeed, hand.seed_id)
    names = dict(session.execute(select(Player.id, Player.login).where(
        Player.id.in_([int(v) for v in hand.seat_players.values()]))).all())
    return {
        "hand_id": hand.id, "table_id": hand.table_id, "number": hand.number, "game": hand.game,
        "variant": hand.variant, "currency": hand.currency, "format": hand.format,
        "state": hand.state, "void_reason": hand.void_reason, "your_seat": seat,
        "players": {k: {"player_id": int(v), "name": names.get(int(v))} for k, v in hand.seat_players.items()},
        "events": visible_events(_events(hand), seat) if hand.state == "settled" else [],
        "settlement": hand.settlement, "rake_minor": hand.rake,
        "seed": None if seed is None else seeds.seed_dict(seed),
        "started_at": hand.started_at.isoformat(), "ended_at": None if hand.ended_at is None else hand.ended_at.isoformat(),
    }


def hands_of(session: Session, player_id: int, table_id: str | None, limit: int) -> list[dict[str, Any]]:
    q = (select(CardroomHand, CardroomHandPlayer).join(
        CardroomHandPlayer, CardroomHandPlayer.hand_id == CardroomHand.id)
        .where(CardroomHandPlayer.player_id == player_id))
    if table_id is not None:
        q = q.where(CardroomHand.table_id == table_id)
    rows = session.execute(q.order_by(CardroomHand.id.desc()).limit(limit)).all()
    return [{"hand_id": h.id, "table_id": h.table_id, "number": h.number, "state": h.state,
             "seat": hp.seat, "stake_minor": hp.stake, "returned_minor": hp.returned,
             "net_minor": hp.returned - hp.stake, "started_at": h.started_at.isoformat()}
            for h, hp in rows]


def check_deals(hand: CardroomHand, seed: CardroomSeed, events: list[Event]) -> bool:
    """Whether every deal of the record is the revealed seed's (the hand's HMAC stream)."""
    if not fair.matches(seed.server_seed, seed.server_seed_hash):
        return False
    head = events[0].data
    v = tables.variant_of(hand)
    state = ENGINE.start(v, setup_from_record(head), str(head["currency"]))
    source = seeds.source(seed, hand.number)
    for e in events:
        if e.type == "draw":
            req = ENGINE.next_draw(state)
            if req is None or source.randbelow(req.n) != int(e.data["value"]):
                return False
            state = ENGINE.apply(state, DrawAction(req.kind, int(e.data["value"])))
        elif e.type == "decision":
            from croupier.games.base import Decision

            state = ENGINE.apply(state, Decision(str(e.data["name"]), dict(e.data.get("args", {}))))
    return True


def replay(session: Session, hand_id: int, player_id: int) -> dict[str, Any]:
    """Replay a settled hand from its record; the settlement must be the stored one."""
    hand, _seat = _mine(session, hand_id, player_id)
    if hand.state != "settled":
        raise NotFound(f"hand {hand_id} was {hand.state}: nothing to replay")
    events = _events(hand)
    st = replay_hand(ENGINE, tables.variant_of(hand), events)
    seed = session.get(CardroomSeed, hand.seed_id)
    revealed = seed is not None and seed.revealed_at is not None
    return {"hand_id": hand.id, "settlement": st.to_dict(), "matches_record": st.to_dict() == hand.settlement,
            "deals_verified": (check_deals(hand, seed, events) if revealed and seed is not None else None)}


def seeds_view(session: Session, table_id: str) -> dict[str, Any]:
    tables.get(session, table_id)
    rows = session.scalars(select(CardroomSeed).where(CardroomSeed.table_id == table_id)
                           .order_by(CardroomSeed.id.desc()).limit(20)).all()
    return {"table_id": table_id, "seeds": [seeds.seed_dict(r) for r in rows]}
