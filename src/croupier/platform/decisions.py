"""What the platform needs to know of each decision engine, kept apart from the persistence of
decision rounds (:mod:`croupier.platform.interactive`): what every bet has at stake now
(:func:`stakes_of`), the default decision of the decision timer (:func:`default_decision`), what
the player may see of a round (:func:`table_view`) and how a client lays out a table
(:func:`variant_table`). Pure: no I/O, no clock.
"""

from __future__ import annotations

from typing import Any

from croupier.cards import name as card_name
from croupier.errors import CroupierError
from croupier.games.base import BetRequest, Decision
from croupier.games.registry import GameSpec
from croupier.platform.rounds import resolve_game

#: The default decision when the timer runs out, in order of preference (the first one the round
#: offers is taken): blackjack "No" to insurance and "Stand" (004 §2.9.4, §4.8; 004 platform
#: rules: "BJ: Stand and no insurance"); Casino Hold'em "Fold" (003 §3.2 "AUTO FOLDED"; 004
#: platform rules "Casino Hold'em: no action = Fold"), and by ASSUMPTION every other poker game
#: folds, passes or checks (Three Card Poker: Fold; 003 §5 gives no default); Red Dog stands
#: (no Raise); Hi-Lo style games cash out. Never an action that adds a stake.
DEFAULT_ORDER = ("decline", "stand", "fold", "pass", "check", "cash_out")


# -- what each engine stakes ------------------------------------------------------------------


Stakes = dict[int, tuple[str, int]]  # engine bet id -> (code, stake committed so far)


def stakes_of(state: Any) -> Stakes:
    """What every bet of the round has at stake now, by the engine's bet id: the figure its
    ``BetResult.stake`` will show at settlement (a test checks this for every decision game)."""
    from croupier.games.blackjack.engine import BlackjackState
    from croupier.games.cardcompare.red_dog.engine import RedDogState
    from croupier.games.cardcompare.top_card.engine import TopCardState
    from croupier.games.dealer_poker.engine import PokerState

    own = getattr(state, "committed_stakes", None)
    if callable(own):  # the engine contract's hook (games/base.py): the show engine's top-up spin
        return dict(own())
    if isinstance(state, PokerState):
        return {b.bet_id: (b.code, b.stake) for b in state.bets}
    if isinstance(state, BlackjackState):
        out: Stakes = {}
        riding: dict[int, int] = {}
        for box in state.boxes:
            for hand in box.hands:
                for bid, amount in hand.shares:
                    riding[bid] = riding.get(bid, 0) + amount
        for b in state.bets:
            if b.code in ("main", "bet_behind") and b.bet_id not in state.refunded:
                out[b.bet_id] = (b.code, riding.get(b.bet_id, b.stake))
            else:
                out[b.bet_id] = (b.code, b.stake)
        next_id = len(state.bets)
        for _bid, amount in state.insurance:
            out[next_id] = ("insurance", amount)
            next_id += 1
        return out
    if isinstance(state, RedDogState):
        out = {0: ("ante", state.stake)}
        if state.ride:
            out[1] = ("raise", state.stake)
        return out
    if isinstance(state, TopCardState):
        out = {bid: ("ante", stake) for bid, _hand, stake in state.antes}
        if state.tie_bet is not None:
            out[state.tie_bet[0]] = ("tie", state.tie_bet[1])
        for bid, _hand, stake in state.raises:
            out[bid] = ("war", stake)
        return out
    # engines whose decisions add no stake (Hi-Lo, Draw Hi-Lo, Speedy 7...): the opening bets
    bets = inputs_of(state)
    return {i: (b.code, b.stake) for i, b in enumerate(bets)}


def inputs_of(state: Any) -> list[BetRequest]:
    for e in state.events:
        if e.type == "bets_placed":
            return [b if isinstance(b, BetRequest) else BetRequest.from_dict(b)
                    for b in e.data.get("bets", ())]
    return []  # pragma: no cover - every engine records its bets


def default_decision(spec: GameSpec, state: Any) -> Decision | None:
    """The decision taken when the timer runs out (see :data:`DEFAULT_ORDER`); None when the
    round offers no decision that adds no stake (the round is then voided, 000 §11)."""
    legal = spec.engine.legal_actions(state)
    if not legal:
        return None
    own = getattr(spec.engine, "default_decision", None)
    if own is not None:  # the engine's own (blackjack: 004 §2.9.4, §4.8)
        d = own(state)
        if d is not None:
            return d  # type: ignore[no-any-return]
    before = stakes_of(state)
    ranked = sorted(legal, key=lambda d: DEFAULT_ORDER.index(d.name)
                    if d.name in DEFAULT_ORDER else len(DEFAULT_ORDER))
    for d in ranked:
        try:
            if adds(before, spec.engine.apply(state, d)) == 0:
                return d
        except CroupierError:  # a choice that needs the player's input (which cards...)
            continue
    return None


def adds(before: Stakes, after_state: Any) -> int:
    after = stakes_of(after_state)
    return sum(max(0, s - before.get(i, ("", 0))[1]) for i, (_c, s) in after.items())


def _blackjack_view(state: Any, finished: bool) -> dict[str, Any]:
    from croupier.games.blackjack.rules import total

    dealer = list(state.dealer)
    hidden = 0
    if not finished and state.phase in ("deal", "prompt", "play"):
        hidden = max(0, len(dealer) - 1)
        dealer = dealer[:1]
    d_total = total(dealer) if dealer else None
    boxes = []
    turn = state.turn if state.phase == "play" and not finished else None
    for bi, box in enumerate(state.boxes):
        hands = []
        for hi, h in enumerate(box.hands):
            t = total(h.cards)
            hands.append({
                "cards": [card_name(c) for c in h.cards], "total": t.value, "soft": t.soft,
                "bust": t.bust, "doubled": h.doubled, "surrendered": h.surrendered,
                "split": h.split, "done": h.done, "stake_minor": sum(a for _b, a in h.shares),
                "in_turn": turn == (bi, hi)})
        boxes.append({"box": box.number, "hands": hands})
    prompt = None
    if state.phase == "prompt" and state.queue and not finished:
        b = state.bet(state.queue[0])
        prompt = {"box": b.box, "question": "insurance"}
    return {"kind": "blackjack", "phase": "done" if finished else state.phase,
            "dealer": {"cards": [card_name(c) for c in dealer], "hidden": hidden,
                       "total": None if d_total is None else d_total.value,
                       "soft": False if d_total is None else d_total.soft},
            "boxes": boxes, "prompt": prompt,
            "insurance": [{"bet_id": bid, "stake_minor": a} for bid, a in state.insurance]}


def _poker_view(spec: GameSpec, state: Any, finished: bool) -> dict[str, Any]:
    from croupier.games.dealer_poker.russian import RussianRules
    from croupier.games.dealer_poker.stud import StudRules

    up = 1 if isinstance(getattr(spec.engine, "rules", None), (StudRules, RussianRules)) else 0
    hands: dict[str, list[str]] = {}
    hidden: dict[str, int] = {}
    for slot, _c in state.cards:
        hands.setdefault(slot, [])
        hidden.setdefault(slot, 0)
    for slot in hands:
        cards = [card_name(c) for c in state.hand(slot)]
        if slot == "dealer" and not finished:
            hidden[slot] = max(0, len(cards) - up)
            cards = cards[:up]
        hands[slot] = cards
    return {"kind": "poker", "phase": "done" if finished else "decide", "hands": hands,
            "hidden": {k: v for k, v in hidden.items() if v},
            "decisions": [d.name for d in state.decisions],
            "discards": [card_name(c) for c in state.discards]}


def _generic_view(state: Any, finished: bool) -> dict[str, Any]:
    """Games whose every card is dealt face up (Red Dog, Hi-Lo, Top Card...)."""
    cards = [str(e.data.get("card", e.data.get("value"))) for e in state.events if e.type == "draw"]
    return {"kind": "cards", "phase": "done" if finished else "decide", "cards": cards}


def table_view(spec: GameSpec, state: Any) -> dict[str, Any]:
    from croupier.games.blackjack.engine import BlackjackState
    from croupier.games.dealer_poker.engine import PokerState

    finished = spec.engine.is_finished(state)
    own = getattr(spec.engine, "table_view", None)
    if own is not None:  # the engine's own view (slots: the spins, the free spins, the gamble)
        return dict(own(state))
    if isinstance(state, BlackjackState):
        return _blackjack_view(state, finished)
    if isinstance(state, PokerState):
        return _poker_view(spec, state, finished)
    return _generic_view(state, finished)


def variant_table(game_name: str, variant_name: str, cur: str) -> dict[str, Any]:
    """What a client needs to lay out a table: bet codes and limits in minor units."""
    spec, variant = resolve_game(game_name, variant_name)
    out: dict[str, Any] = {"game": spec.name, "variant": variant_name, "title": spec.title,
                           "variant_title": str(getattr(variant, "title", variant_name)),
                           "currency": cur, "bets": []}
    from croupier.games.blackjack.variant import BlackjackVariant
    from croupier.games.dealer_poker.engine import DealerPokerEngine

    if isinstance(variant, BlackjackVariant):
        lim = variant.limit_set(cur)
        for code in variant.bet_codes:
            lo, hi = lim.range_for(code)
            out["bets"].append({"code": code, "min_minor": lo, "max_minor": hi})
        out["seats"] = variant.seats
        out["boxes_per_player"] = variant.boxes_per_player
        out["payouts"] = variant.payouts
    elif isinstance(spec.engine, DealerPokerEngine):
        for code in spec.engine.rules.initial_codes:
            if code not in ("ante",) and code not in getattr(variant, "paytables", {}) and \
                    variant.limit(cur, code) is None:
                continue
            lim2 = variant.limit(cur, code)
            out["bets"].append({"code": code,
                                "min_minor": None if lim2 is None else lim2.minimum,
                                "max_minor": None if lim2 is None else lim2.maximum})
        out["funds_for_call_at_bet"] = bool(variant.options.get("funds_for_call_at_bet", False))
        out["call_multiple"] = int(variant.options.get("call_multiple", 0) or 0)
    return out
