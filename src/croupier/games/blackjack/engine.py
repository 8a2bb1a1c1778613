"""The blackjack engine: boxes, shared boxes, Bet Behind, insurance, splits, doubles, surrender,
the dealer's play and the settlement of every stake and side bet. Pure: no I/O, no clock, no RNG.

Bets (``BetRequest.target``):

* ``main``: ``(box, player, *flags)``; the first player to bet on a box owns it and takes its
  decisions (002: only the "owner" splits and doubles). Co-players (``players_per_box`` > 1) preset
  ``"follow_double"`` / ``"follow_split"`` (002: they need not follow the owner).
* ``bet_behind``: ``(box, player, *flags)`` on a box owned by someone else (000 §12.2, 003 §2),
  with the presets ``"follow_double"``, ``"follow_split"``, ``"insure"``. Refunded when the box
  has no main bet.
* side bets (``ideal_pair``, ``perfect_pairs``, ``21_3``, ``suitem_up``, ``lucky_lucky``,
  ``bust_it``, ``bonus``): ``(box, player)``, only with a main bet of that player on that box.

Chance steps: every card is a ``DrawRequest("card", n)`` where ``n`` is the number of cards left
in the shoe and the value is the index of the card in the ascending list of those cards (a live
console maps the scanned card with :func:`card_draw`). A round starts from a full shoe or from the
cards a persisting shoe still holds (``start(..., shoe=remaining)``, recorded in the first event).

Decisions (``Decision(name, {"box": b, "player": p})``): ``hit``, ``stand``, ``double``,
``split``, ``surrender`` (the box owner, in turn), and at the insurance prompt (dealer Ace up)
``insurance`` (optional ``amount`` where up to half is allowed), ``even_money``, ``decline`` (each
player with a main bet, in box order) and, where surrender comes before the peek, ``surrender``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any

from croupier.cards import deck, name
from croupier.errors import (
    IllegalAction,
    InvalidBet,
    InvalidSelection,
    NotYourTurn,
    RoundFinished,
    StakeAboveMaximum,
    StakeBelowMinimum,
    UnknownBetCode,
)
from croupier.games.base import (
    Action,
    BetRequest,
    BetResult,
    Decision,
    DrawAction,
    DrawRequest,
    Event,
    Settlement,
    checked_draw,
    outcome_label,
)
from croupier.games.blackjack.rules import (
    classify_21_3,
    classify_bonus,
    classify_bust_it,
    classify_lucky_lucky,
    classify_pair,
    classify_suitem_up,
    dealer_hits,
    is_natural,
    points,
    total,
)
from croupier.games.blackjack.variant import BlackjackVariant
from croupier.money import Payout, apply_ratio, currency, format_minor, parse_stake

PLAY_DECISIONS = ("hit", "stand", "double", "split", "surrender")
PROMPT_DECISIONS = ("insurance", "even_money", "decline", "surrender")
FLAGS = frozenset({"follow_double", "follow_split", "insure"})


@dataclass(frozen=True, slots=True)
class PlacedBet:
    bet_id: int
    request: BetRequest
    code: str
    box: int
    player: str
    stake: int
    flags: frozenset[str]


@dataclass(frozen=True, slots=True)
class Hand:
    cards: tuple[int, ...] = ()
    split: bool = False          # a hand made by splitting
    split_aces: bool = False     # made by splitting Aces
    doubled: bool = False
    surrendered: bool = False
    done: bool = False
    shares: tuple[tuple[int, int], ...] = ()  # (bet_id, amount) riding on this hand

    @property
    def total(self) -> int:
        return total(self.cards).value

    @property
    def bust(self) -> bool:
        return total(self.cards).bust


@dataclass(frozen=True, slots=True)
class Box:
    number: int
    owner: str
    hands: tuple[Hand, ...]
    first_two: tuple[int, ...] = ()
    third: int | None = None
    decided: bool = False  # the owner has taken a play decision on this box


@dataclass(frozen=True, slots=True)
class BlackjackState:
    variant: BlackjackVariant
    currency: str
    bets: tuple[PlacedBet, ...]
    boxes: tuple[Box, ...]
    dealer: tuple[int, ...]
    remaining: tuple[int, ...]
    phase: str  # deal, prompt, play, dealer, done
    deal_step: int
    queue: tuple[int, ...]                 # bet ids still to answer the insurance prompt
    insurance: tuple[tuple[int, int], ...]  # (bet_id, amount)
    even_money: frozenset[int]
    early_surrender: frozenset[int]        # box numbers surrendered before the peek
    turn: tuple[int, int] | None           # (box index, hand index) in play
    need_card: bool                        # the hand in turn waits for a card
    refunded: frozenset[int]               # Bet Behind stakes refunded (no main bet on the box)
    settlement: Settlement | None
    events: tuple[Event, ...] = field(default=())

    @property
    def up_card(self) -> int | None:
        return self.dealer[0] if self.dealer else None

    def bet(self, bet_id: int) -> PlacedBet:
        return self.bets[bet_id]


def card_draw(state: BlackjackState, card: int) -> DrawAction:
    """The draw that deals ``card`` next (a live console's scanned card, or a shoe's next card)."""
    try:
        return DrawAction("card", state.remaining.index(card))
    except ValueError:
        raise IllegalAction(f"{name(card)} is not left in the shoe") from None


def _emit(events: list[Event], type_: str, data: dict[str, Any]) -> None:
    events.append(Event(len(events), type_, data))


class BlackjackEngine:
    game = "blackjack"

    # -- opening a round ---------------------------------------------------------------------

    def start(
        self,
        variant: BlackjackVariant,
        bets: Sequence[BetRequest],
        currency_code: str,
        carried: Sequence[BetRequest] = (),
        shoe: Sequence[int] | None = None,
    ) -> BlackjackState:
        """Validate every bet (any error rejects the slip) and open a round."""
        cur = currency(currency_code)
        limits = variant.limit_set(cur.code)
        if carried:
            raise InvalidBet("blackjack carries no bet from one round to the next")
        if not bets:
            raise InvalidBet("a round needs at least one bet")
        full = sorted(deck(variant.decks))
        if shoe is None:
            remaining = tuple(full)
        else:
            remaining = tuple(sorted(shoe))
            left = list(full)
            for c in remaining:
                try:
                    left.remove(c)
                except ValueError:
                    raise InvalidSelection(
                        f"the shoe cannot hold {name(c)}: not in {variant.decks} deck(s)"
                    ) from None
        placed: list[PlacedBet] = []
        owners: dict[int, str] = {}
        players_on: dict[int, set[str]] = {}
        boxes_of: dict[str, set[int]] = {}
        for i, req in enumerate(bets):
            if not isinstance(req, BetRequest):
                raise InvalidBet(f"{req!r} is not a bet")
            code = req.code
            if code not in variant.bet_codes:
                raise UnknownBetCode(
                    f"unknown bet {code!r}; this table takes: {', '.join(variant.bet_codes)}"
                )
            box, player, flags = self._target(variant, req)
            stake = parse_stake(req.stake)
            lo, hi = limits.range_for(code)
            if stake < lo:
                raise StakeBelowMinimum(
                    f"{code} on box {box}: {format_minor(stake, cur)} is below the minimum "
                    f"{format_minor(lo, cur)}")
            if stake > hi:
                raise StakeAboveMaximum(
                    f"{code} on box {box}: {format_minor(stake, cur)} is above the maximum "
                    f"{format_minor(hi, cur)}")
            if code == "main":
                if box in owners and player in players_on[box]:
                    raise InvalidBet(f"{player} already has a main bet on box {box}")
                owners.setdefault(box, player)
                players_on.setdefault(box, set()).add(player)
                if len(players_on[box]) > variant.players_per_box:
                    raise InvalidBet(
                        f"box {box} takes at most {variant.players_per_box} player(s)")
                boxes_of.setdefault(player, set()).add(box)
                if len(boxes_of[player]) > variant.boxes_per_player:
                    raise InvalidBet(
                        f"{player} may play at most {variant.boxes_per_player} box(es)")
                if "insure" in flags:
                    raise InvalidSelection("'insure' is a Bet Behind preset; a main bet decides")
            placed.append(PlacedBet(i, req, code, box, player, stake, flags))
        for b in placed:
            if b.code in ("main", "bet_behind"):
                continue
            if b.player not in players_on.get(b.box, set()):
                raise InvalidBet(
                    f"{b.code} on box {b.box}: a side bet needs a main bet of {b.player} on that box")
        refunded = set()
        for b in placed:
            if b.code != "bet_behind":
                continue
            if b.player in players_on.get(b.box, set()):
                raise InvalidBet(f"{b.player} cannot bet behind on their own box {b.box}")
            if b.box not in owners:
                refunded.add(b.bet_id)  # 000 §12.2: the seat does not play: refunded at once
        boxes = []
        for number in sorted(owners):
            shares = tuple(
                (b.bet_id, b.stake) for b in placed
                if b.box == number and b.code in ("main", "bet_behind") and b.bet_id not in refunded
            )
            boxes.append(Box(number, owners[number], (Hand(shares=shares),)))
        events: list[Event] = []
        _emit(events, "round_started", {
            "game": "blackjack", "variant": variant.name, "currency": cur.code,
            "shoe_cards": len(remaining),
            "shoe": None if shoe is None else [name(c) for c in remaining],
        })
        _emit(events, "bets_placed", {"bets": [b.request for b in placed], "carried": []})
        _emit(events, "bets_accepted", {"bets": [
            {"bet_id": b.bet_id, "code": b.code, "box": b.box, "player": b.player,
             "stake": b.stake, "presets": sorted(b.flags)} for b in placed]})
        for bid in sorted(refunded):
            _emit(events, "bet_refunded", {"bet_id": bid, "reason": "no main bet on the box"})
        return BlackjackState(
            variant=variant, currency=cur.code, bets=tuple(placed), boxes=tuple(boxes),
            dealer=(), remaining=remaining, phase="deal", deal_step=0, queue=(), insurance=(),
            even_money=frozenset(), early_surrender=frozenset(), turn=None, need_card=False,
            refunded=frozenset(refunded), settlement=None, events=tuple(events),
        )

    @staticmethod
    def _target(variant: BlackjackVariant, req: BetRequest) -> tuple[int, str, frozenset[str]]:
        t = tuple(req.target)
        if not t:
            raise InvalidSelection(f"{req.code}: name the box, e.g. target (3, 'alice')")
        box = t[0]
        if isinstance(box, bool) or not isinstance(box, int) or not 1 <= box <= variant.seats:
            raise InvalidSelection(f"{req.code}: box must be 1..{variant.seats}, got {box!r}")
        player = str(t[1]) if len(t) > 1 else "player"
        flags = frozenset(str(x) for x in t[2:])
        bad = flags - FLAGS
        if bad:
            raise InvalidSelection(f"{req.code}: unknown preset(s) {', '.join(sorted(bad))}")
        if req.code not in ("main", "bet_behind") and flags:
            raise InvalidSelection(f"{req.code}: presets apply to main and Bet Behind stakes only")
        return box, player, flags

    # -- what the round waits for ------------------------------------------------------------

    def is_finished(self, state: BlackjackState) -> bool:
        return state.settlement is not None

    def next_draw(self, state: BlackjackState) -> DrawRequest | None:
        if state.settlement is not None:
            return None
        if state.phase == "deal" or state.need_card or state.phase == "dealer":
            return DrawRequest("card", len(state.remaining))
        return None

    def _deal_order(self, state: BlackjackState) -> list[int]:
        """Box indexes, -1 for the dealer: 002 / 003: a card to every box, the dealer's up card,
        a second card to every box, then (hole-card games) the dealer's hole card."""
        n = len(state.boxes)
        order = list(range(n)) + [-1] + list(range(n))
        if state.variant.hole_card:
            order.append(-1)
        return order

    def legal_actions(self, state: BlackjackState) -> list[Decision]:
        if state.settlement is not None or self.next_draw(state) is not None:
            return []
        if state.phase == "prompt":
            return [d for d, _ in self._prompt_options(state)]
        if state.phase == "play" and state.turn is not None:
            return self._play_options(state)
        return []

    def _prompt_options(self, state: BlackjackState) -> list[tuple[Decision, int]]:
        v = state.variant
        bid = state.queue[0]
        b = state.bet(bid)
        box = self._box(state, b.box)
        args = {"box": b.box, "player": b.player}
        natural = is_natural(box.first_two)
        up = points(state.dealer[0])
        out: list[tuple[Decision, int]] = []
        if up in v.insurance_up and (not natural or v.insurance_with_blackjack):
            amount = b.stake // 2
            if amount > 0:
                out.append((Decision("insurance", {**args, "amount": amount}), amount))
        if natural and v.even_money and up == 1:
            out.append((Decision("even_money", args), 0))
        if (b.player == box.owner and not natural and self._early_before_peek(v, up)
                and b.code == "main"):
            out.append((Decision("surrender", args), 0))
        out.append((Decision("decline", args), 0))
        return out

    @staticmethod
    def _early_before_peek(v: BlackjackVariant, up: int) -> bool:
        return v.surrender == "early" and up in v.surrender_against and v.peeks(up)

    def _play_options(self, state: BlackjackState) -> list[Decision]:
        v = state.variant
        if state.turn is None:
            return []
        bi, hi = state.turn
        box = state.boxes[bi]
        hand = box.hands[hi]
        args = {"box": box.number, "player": box.owner}
        t = total(hand.cards)
        out = [Decision("stand", args)]
        if hand.split_aces and not v.hit_split_aces:
            return out
        if t.value < 21:
            out.append(Decision("hit", args))
        if len(hand.cards) == 2 and not hand.doubled:
            if v.can_double_total(t.value) and (not hand.split or v.double_after_split):
                out.append(Decision("double", args))
            p1, p2 = points(hand.cards[0]), points(hand.cards[1])
            same = (hand.cards[0] >> 2 == hand.cards[1] >> 2) if v.split_by == "rank" else p1 == p2
            if (same and p1 in v.splittable and len(box.hands) < v.max_hands
                    and (not hand.split_aces or v.resplit_aces)):
                out.append(Decision("split", args))
            up = points(state.dealer[0])
            if (not hand.split and len(box.hands) == 1 and not box.decided
                    and v.surrender != "none" and up in v.surrender_against
                    and not self._early_before_peek(v, up)):
                out.append(Decision("surrender", args))
        return out

    def default_decision(self, state: BlackjackState) -> Decision | None:
        """What a table does when the decision timer runs out (004 §2.9.4, §4.8): "Stand" and
        "No" to insurance (decline); None when no decision is due."""
        legal = {d.name: d for d in self.legal_actions(state)}
        for name_ in ("decline", "stand"):
            if name_ in legal:
                return legal[name_]
        return None

    @staticmethod
    def _box(state: BlackjackState, number: int) -> Box:
        for b in state.boxes:
            if b.number == number:
                return b
        raise IllegalAction(f"no box {number} plays this round")  # pragma: no cover

    # -- applying actions --------------------------------------------------------------------

    def apply(self, state: BlackjackState, action: Action) -> BlackjackState:
        if state.settlement is not None:
            raise RoundFinished("the round is settled; no more cards or decisions")
        events = list(state.events)
        if isinstance(action, DrawAction):
            req = self.next_draw(state)
            if req is None:
                raise IllegalAction("the round waits for a player's decision, not a card")
            value = checked_draw(action, req.kind, req.n)
            card = state.remaining[value]
            remaining = state.remaining[:value] + state.remaining[value + 1:]
            _emit(events, "draw", {"kind": "card", "value": value, "card": name(card)})
            st = replace(state, remaining=remaining, events=tuple(events))
            st = self._place_card(st, card)
        elif isinstance(action, Decision):
            st = self._decide(state, action, events)
        else:
            raise IllegalAction(f"{action!r} is neither a card nor a decision")
        return self._advance(st)

    def _set_hand(self, st: BlackjackState, bi: int, hi: int, hand: Hand, **box_kw: Any
                  ) -> BlackjackState:
        box = st.boxes[bi]
        hands = box.hands[:hi] + (hand,) + box.hands[hi + 1:]
        boxes = st.boxes[:bi] + (replace(box, hands=hands, **box_kw),) + st.boxes[bi + 1:]
        return replace(st, boxes=boxes)

    def _log(self, st: BlackjackState, type_: str, data: dict[str, Any]) -> BlackjackState:
        events = list(st.events)
        _emit(events, type_, data)
        return replace(st, events=tuple(events))

    def _place_card(self, st: BlackjackState, card: int) -> BlackjackState:
        if st.phase == "deal":
            order = self._deal_order(st)
            who = order[st.deal_step]
            st = replace(st, deal_step=st.deal_step + 1)
            if who == -1:
                return replace(st, dealer=st.dealer + (card,))
            box = st.boxes[who]
            hand = box.hands[0]
            cards = hand.cards + (card,)
            return self._set_hand(st, who, 0, replace(hand, cards=cards), first_two=cards)
        if st.phase == "dealer":
            return replace(st, dealer=st.dealer + (card,))
        # a card for the hand in turn
        if st.turn is None:  # pragma: no cover - need_card implies a turn
            raise IllegalAction("no hand waits for a card")
        bi, hi = st.turn
        box = st.boxes[bi]
        hand = box.hands[hi]
        cards = hand.cards + (card,)
        third = box.third if box.third is not None else card
        new = replace(hand, cards=cards)
        t = total(cards)
        if hand.doubled or t.value >= 21 or (hand.split_aces and not st.variant.hit_split_aces
                                              and len(cards) == 2):
            new = replace(new, done=True)
        st = self._set_hand(st, bi, hi, new, third=third)
        return replace(st, need_card=False)

    def _check_turn(self, st: BlackjackState, d: Decision, who: str, box_no: int) -> None:
        args = d.args
        if "box" not in args or "player" not in args:
            raise IllegalAction(f"{d.name}: say which box and player decide, e.g. "
                                f"{{'box': {box_no}, 'player': '{who}'}}")
        if args["box"] != box_no:
            raise NotYourTurn(f"it is box {box_no}'s turn, not box {args['box']!r}'s")
        if args["player"] != who:
            raise NotYourTurn(
                f"on box {box_no} {who} decides now, not {args['player']!r}"
                + (" (only the box owner splits, doubles and draws)" if st.phase == "play" else ""))

    def _decide(self, st: BlackjackState, d: Decision, events: list[Event]) -> BlackjackState:
        if self.next_draw(st) is not None:
            raise IllegalAction(f"{d.name}: the round waits for a card, not a decision")
        if st.phase == "prompt":
            return self._decide_prompt(st, d, events)
        if st.phase != "play" or st.turn is None:  # pragma: no cover - defensive
            raise IllegalAction(f"{d.name}: no decision is expected now")
        bi, hi = st.turn
        box = st.boxes[bi]
        hand = box.hands[hi]
        self._check_turn(st, d, box.owner, box.number)
        legal = {x.name for x in self._play_options(st)}
        if d.name not in legal:
            raise IllegalAction(self._why_not(st, d.name, hand))
        _emit(events, "decision", {"name": d.name, "args": dict(d.args)})
        st = replace(st, events=tuple(events))
        if d.name == "stand":
            return self._set_hand(st, bi, hi, replace(hand, done=True), decided=True)
        if d.name == "hit":
            return replace(self._set_hand(st, bi, hi, hand, decided=True), need_card=True)
        if d.name == "surrender":
            return self._set_hand(st, bi, hi, replace(hand, surrendered=True, done=True),
                                  decided=True)
        if d.name == "double":
            shares = tuple(
                (bid, amt * 2 if self._follows(st, bid, box, "follow_double") else amt)
                for bid, amt in hand.shares)
            new = replace(hand, doubled=True, shares=shares)
            return replace(self._set_hand(st, bi, hi, new, decided=True), need_card=True)
        # split: the hand keeps its first card; a new hand takes the second
        c1, c2 = hand.cards
        aces = points(c1) == 1
        moved = tuple((bid, st.bet(bid).stake) for bid, _ in hand.shares
                      if self._follows(st, bid, box, "follow_split"))
        first = replace(hand, cards=(c1,), split=True, split_aces=aces)
        second = Hand(cards=(c2,), split=True, split_aces=aces, shares=moved)
        hands = box.hands[:hi] + (first, second) + box.hands[hi + 1:]
        boxes = st.boxes[:bi] + (replace(box, hands=hands, decided=True),) + st.boxes[bi + 1:]
        return replace(st, boxes=boxes, need_card=True)

    @staticmethod
    def _follows(st: BlackjackState, bid: int, box: Box, flag: str) -> bool:
        b = st.bet(bid)
        return b.player == box.owner and b.code == "main" or flag in b.flags

    def _why_not(self, st: BlackjackState, what: str, hand: Hand) -> str:
        v = st.variant
        t = total(hand.cards)
        cards = " ".join(name(c) for c in hand.cards)
        if what not in PLAY_DECISIONS:
            return f"{what!r} is not a decision now; allowed: " + ", ".join(
                x.name for x in self._play_options(st))
        if what == "double":
            if len(hand.cards) != 2 or hand.doubled:
                return f"double: only on the first two cards of a hand, this hand holds {cards}"
            if hand.split and not v.double_after_split:
                return "double: no double after a split at this table"
            return f"double: not allowed on a total of {t.value} at this table"
        if what == "split":
            if len(hand.cards) != 2:
                return f"split: only a two-card pair can be split, this hand holds {cards}"
            if points(hand.cards[0]) != points(hand.cards[1]) or (
                    v.split_by == "rank" and hand.cards[0] >> 2 != hand.cards[1] >> 2):
                return f"split: {cards} are not a pair of equal {v.split_by}"
            return f"split: not allowed here ({cards}; at most {v.max_hands} hands per box)"
        if what == "surrender":
            return "surrender: only as the first decision on the first two cards, against " \
                   "the up cards this table allows"
        if what == "hit":
            return f"hit: not allowed on {cards}"
        return f"{what}: not allowed now"  # pragma: no cover

    def _decide_prompt(self, st: BlackjackState, d: Decision, events: list[Event]
                       ) -> BlackjackState:
        bid = st.queue[0]
        b = st.bet(bid)
        self._check_turn(st, d, b.player, b.box)
        options = {x.name: (x, amt) for x, amt in self._prompt_options(st)}
        if d.name not in options:
            if d.name == "insurance":
                raise IllegalAction(
                    "insurance: only offered when the dealer shows "
                    + "/".join("A" if p == 1 else str(p) for p in sorted(st.variant.insurance_up))
                    + ("" if st.variant.insurance_with_blackjack else
                       ", and not on a player Blackjack") if st.variant.insurance_up else
                    "insurance: this table offers no insurance")
            raise IllegalAction(f"{d.name!r} is not a choice now; allowed: {', '.join(options)}")
        _emit(events, "decision", {"name": d.name, "args": dict(d.args)})
        st = replace(st, events=tuple(events), queue=st.queue[1:])
        if d.name == "insurance":
            half = options["insurance"][1]
            amount = d.args.get("amount", half)
            if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
                raise IllegalAction(f"insurance: amount must be a positive whole number, got {amount!r}")
            if st.variant.insurance_up_to_half:
                if amount > half:
                    raise IllegalAction(f"insurance: at most half the bet ({half})")
            elif amount != half:
                raise IllegalAction(f"insurance: exactly half the bet ({half})")
            return replace(st, insurance=st.insurance + ((bid, amount),))
        if d.name == "even_money":
            return replace(st, even_money=st.even_money | {bid})
        if d.name == "surrender":
            bi = next(i for i, x in enumerate(st.boxes) if x.number == b.box)
            hand = st.boxes[bi].hands[0]
            st = self._set_hand(st, bi, 0, replace(hand, surrendered=True, done=True), decided=True)
            return replace(st, early_surrender=st.early_surrender | {b.box})
        return st

    # -- automatic steps ---------------------------------------------------------------------

    def _advance(self, st: BlackjackState) -> BlackjackState:
        v = st.variant
        while True:
            if st.settlement is not None:
                return st
            if st.phase == "deal":
                if st.deal_step < len(self._deal_order(st)):
                    return st
                # naturals stand; then the insurance prompt or the peek
                boxes = tuple(
                    replace(b, hands=(replace(b.hands[0], done=True),))
                    if is_natural(b.hands[0].cards) else b for b in st.boxes)
                st = replace(st, boxes=boxes)
                up = points(st.dealer[0])
                st = self._log(st, "dealt", {
                    "dealer_up": name(st.dealer[0]),
                    "boxes": {str(b.number): [name(c) for c in b.first_two] for b in st.boxes},
                })
                queue = []
                if up in v.insurance_up or (up == 1 and v.even_money) or self._early_before_peek(v, up):
                    for b in st.boxes:
                        for bid, _ in b.hands[0].shares:
                            if st.bet(bid).code == "main":
                                queue.append(bid)
                if queue:
                    st = replace(st, phase="prompt", queue=tuple(queue))
                else:
                    st = self._after_prompt(st)
                continue
            if st.phase == "prompt":
                st = self._skip_empty_prompts(st)
                if st.phase == "prompt":
                    return st
                continue
            if st.phase == "play":
                if st.need_card:
                    return st
                nxt = self._next_turn(st)
                if nxt is None:
                    st = replace(st, phase="dealer", turn=None)
                    st = self._start_dealer(st)
                    continue
                bi, hi = nxt
                hand = st.boxes[bi].hands[hi]
                if len(hand.cards) == 1:  # a split hand waits for its second card
                    return replace(st, turn=nxt, need_card=True)
                return replace(st, turn=nxt)
            if st.phase == "dealer":
                if self._dealer_draws(st):
                    return st
                return self._finish(st)
            return st  # pragma: no cover

    def _skip_empty_prompts(self, st: BlackjackState) -> BlackjackState:
        """Bet Behind presets and prompts with a single (decline) choice need no decision."""
        while st.queue:
            if len(self._prompt_options(st)) > 1:
                return st
            st = replace(st, queue=st.queue[1:])
        return self._after_prompt(st)

    def _after_prompt(self, st: BlackjackState) -> BlackjackState:
        v = st.variant
        up = points(st.dealer[0])
        # Bet Behind presets: insure when the dealer shows an insurable card (000 §12.2)
        if up in v.insurance_up:
            for b in st.boxes:
                for bid, _ in b.hands[0].shares:
                    pb = st.bet(bid)
                    if pb.code == "bet_behind" and "insure" in pb.flags and pb.stake // 2 > 0:
                        st = replace(st, insurance=st.insurance + ((bid, pb.stake // 2),))
        if v.peeks(up):
            bj = is_natural(st.dealer[:2])
            st = self._log(st, "peek", {"dealer_blackjack": bj})
            if bj:
                boxes = tuple(replace(b, hands=tuple(replace(h, done=True) for h in b.hands))
                              for b in st.boxes)
                return self._finish(replace(st, boxes=boxes, phase="dealer"))
        return replace(st, phase="play", queue=())

    def _next_turn(self, st: BlackjackState) -> tuple[int, int] | None:
        for bi, b in enumerate(st.boxes):
            for hi, h in enumerate(b.hands):
                if not h.done:
                    return bi, hi
        return None

    def _start_dealer(self, st: BlackjackState) -> BlackjackState:
        return self._log(st, "dealer_turn", {"dealer": [name(c) for c in st.dealer]})

    def _dealer_draws(self, st: BlackjackState) -> bool:
        """Does the dealer take another card? 001 §9.1: not when every hand is bust; 000 §12.2
        ambiguity 7: Bust It needs the dealer's complete hand."""
        v = st.variant
        live = False
        open_natural_check = bool(st.insurance)
        for b in st.boxes:
            for h in b.hands:
                owners = [bid for bid, _ in h.shares if bid not in st.even_money]
                if not owners:
                    continue
                if h.surrendered:
                    if b.number not in st.early_surrender and v.surrender == "late":
                        open_natural_check = True
                    continue
                if h.bust:
                    continue
                if is_natural(h.cards) and not h.split and len(b.hands) == 1:
                    open_natural_check = True
                    continue
                live = True
        if any(b.code == "bust_it" for b in st.bets):
            live = True
        if len(st.dealer) == 1:
            return live or (open_natural_check and points(st.dealer[0]) in (1, 10))
        if is_natural(st.dealer[:2]) or not live:
            return False
        return dealer_hits(st.dealer, v.hits_soft_17)

    # -- settlement ----------------------------------------------------------------------------

    def _finish(self, st: BlackjackState) -> BlackjackState:
        st = self._log(st, "dealer_done", {
            "dealer": [name(c) for c in st.dealer], "total": total(st.dealer).value,
            "blackjack": is_natural(st.dealer[:2]) and len(st.dealer) == 2,
        })
        settlement = self._settle(st)
        events = list(st.events)
        for r in settlement.bets:
            _emit(events, "result", {"bet_id": r.bet_id, "code": r.code, "stake": r.stake,
                                     "returned": r.returned, "outcome": r.outcome})
        return replace(st, phase="done", settlement=settlement, events=tuple(events))

    def _settle(self, st: BlackjackState) -> Settlement:
        v = st.variant
        dealer = st.dealer
        dealer_bj = len(dealer) == 2 and is_natural(dealer)
        d_total = total(dealer)
        obo = (dealer_bj and v.dealer_blackjack_takes == "original"
               and not v.peeks(points(dealer[0])))
        staked: dict[int, int] = {b.bet_id: 0 for b in st.bets}
        returned: dict[int, int] = {b.bet_id: 0 for b in st.bets}
        for b in st.boxes:
            single = len(b.hands) == 1
            for hi, h in enumerate(b.hands):
                for bid, amt in h.shares:
                    base = st.bet(bid).stake
                    staked[bid] += amt
                    if bid in st.even_money:
                        returned[bid] += Payout.to_one(1).returned(base)
                        continue
                    returned[bid] += self._hand_return(
                        v, h, amt, base, hi == 0, single, dealer_bj, d_total.value,
                        b.number in st.early_surrender, obo)
        for bid in st.refunded:
            staked[bid] = st.bet(bid).stake
            returned[bid] = st.bet(bid).stake
        results: list[BetResult] = []
        for pb in st.bets:
            if pb.code in ("main", "bet_behind"):
                s, r = staked[pb.bet_id], returned[pb.bet_id]
                if s == 0:  # a stake that rode on no hand (cannot happen: every stake rides hand 0)
                    s = r = pb.stake  # pragma: no cover
                results.append(BetResult(pb.bet_id, pb.code, s, r, outcome_label(s, r)))
                continue
            box = self._box(st, pb.box)
            row = self._side_row(pb.code, box, dealer)
            side = v.side_bets[pb.code]
            if row is not None and row in side.pays:
                r = side.pays[row].returned(pb.stake)
                results.append(BetResult(pb.bet_id, pb.code, pb.stake, r, "win"))
            elif row is not None and row in side.jackpot_rows:
                results.append(BetResult(pb.bet_id, pb.code, pb.stake, 0, "jackpot"))
            else:
                results.append(BetResult(pb.bet_id, pb.code, pb.stake, 0, "lose"))
        next_id = len(st.bets)
        for _bid, amount in st.insurance:
            r = Payout.to_one(2).returned(amount) if dealer_bj else 0
            results.append(BetResult(next_id, "insurance", amount, r, "win" if r else "lose"))
            next_id += 1
        return Settlement(st.currency, tuple(results))

    @staticmethod
    def _hand_return(v: BlackjackVariant, h: Hand, amt: int, base: int, first: bool, single: bool,
                     dealer_bj: bool, d_total: int, early: bool, obo: bool) -> int:
        """What one stake's share on one hand returns (000 §12.2, 002, 003 §2, 004 §2.16)."""
        if h.surrendered:
            if early or v.surrender == "early" or not dealer_bj:
                return apply_ratio(amt, Fraction(1, 2))
            return 0  # late surrender: a dealer Blackjack takes the whole bet
        natural = single and not h.split and is_natural(h.cards)
        if natural:
            return amt if dealer_bj else v.blackjack_pays.returned(amt)
        if dealer_bj:
            if obo:
                # OBO: only the original bet is lost; doubles and split stakes come back
                return amt - base if first else amt
            return 0
        if h.bust:
            return 0
        t = total(h.cards).value
        if d_total > 21 or t > d_total:
            return 2 * amt
        if t == d_total:
            return amt
        return 0

    @staticmethod
    def _side_row(code: str, box: Box, dealer: tuple[int, ...]) -> str | None:
        c1, c2 = box.first_two
        up = dealer[0]
        if code in ("ideal_pair", "perfect_pairs"):
            return classify_pair(c1, c2)
        if code == "21_3":
            return classify_21_3(c1, c2, up)
        if code == "suitem_up":
            return classify_suitem_up(c1, c2)
        if code == "lucky_lucky":
            return classify_lucky_lucky(c1, c2, up)
        if code == "bust_it":
            return classify_bust_it(dealer)
        if code == "bonus":
            cards = box.first_two + ((box.third,) if box.third is not None else ())
            return classify_bonus(cards)
        raise UnknownBetCode(f"no side bet {code!r}")  # pragma: no cover

    def settle(self, state: BlackjackState) -> Settlement:
        if state.settlement is None:
            raise IllegalAction("the round is not finished yet")
        return state.settlement


ENGINE = BlackjackEngine()


def replay_round(variant: BlackjackVariant, events: Sequence[Event]) -> Settlement:
    """:func:`~croupier.games.base.replay` for a round dealt from a persisting shoe: the shoe's
    remaining cards are read from the ``round_started`` event and the round is rebuilt with the
    same bets and actions; events and settlement must come out identical."""
    from croupier.cards import parse
    from croupier.errors import ReplayMismatch
    from croupier.games.base import inputs_from_events

    currency_code, bets, carried, actions = inputs_from_events(events)
    first = events[0].data
    shoe = first.get("shoe")
    st = ENGINE.start(variant, bets, currency_code, carried,
                      shoe=None if shoe is None else [parse(c) for c in shoe])
    for action in actions:
        st = ENGINE.apply(st, action)
    if tuple(st.events) != tuple(events):
        raise ReplayMismatch("replaying the blackjack round did not reproduce its record")
    return ENGINE.settle(st)
