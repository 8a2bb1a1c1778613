"""Single-player decision rounds: blackjack, the dealer-poker games and every other engine that
asks the player for decisions during a round (see docs/platform.md, "Decision rounds").

A decision round is a persisted state machine (``rounds.kind = "decision"``):

* **open** (:func:`start`): the slip is checked by the engine, debited (player cash -> ``stakes``,
  :func:`~croupier.platform.rounds.record_bets`) and recorded with an ``opened`` round event; the
  round takes the next nonce of the player's provably fair seed pair and every card comes from
  that stream. Where the rules ask for it (003 §3.4 Casino Hold'em: ``funds_for_call_at_bet``) the
  balance must also cover the continuation bet (the Call) when the Ante is placed.
* **decisions** (:func:`act`): only the round's owner acts; each decision is appended as a
  ``decision`` round event with the stakes it added (double, split, insurance, Call, Play,
  Raise...), which are debited in the same transaction (an uncovered stake is an
  ``insufficient_funds`` problem and nothing happens).
* **decision timer**: ``rounds.closes_at`` is the deadline of the pending decision
  (``Settings.decision_seconds``, default 13 s: 004 §2.10, §4.9 and the table of 004's platform
  rules). When it has passed, the documented default decision (:func:`default_decision`) is taken
  at the deadline, on the next access of the round or by the sweeper (:func:`sweep`), whichever
  comes first; the next deadline runs from the previous one, so a player who is away for good has
  the whole round played by the defaults (004 platform rules: "the game is played by the rules
  using the player's default choices").
* **settled**: the engine's settlement is paid as for single rounds (``stakes`` -> ``house``,
  ``house`` -> player, keys ``stake:<play>`` / ``payout:<play>``) and the engine's full record is
  stored on the play, checked first by :func:`~croupier.games.base.reenact` against the seeds.

Nothing but the opening bets and the decisions is needed to rebuild a round: the draws are
recomputed from the seed pair (:func:`rebuild`), so a round survives a restart of the server.
While a round is open its play holds no engine record, so Games History shows the bets but no
card the player may not see yet; :func:`view` is what the player sees (no dealer hole card before
it is turned, no undealt card).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.errors import CroupierError, IllegalAction, RoundFinished
from croupier.errors import (
    RoundInProgress as RoundInProgress,  # its code's one class (croupier.errors)
)
from croupier.games.base import BetRequest, Decision, Settlement, reenact
from croupier.games.describe import view_of
from croupier.games.registry import GameSpec
from croupier.money import currency as currency_info
from croupier.money import format_minor
from croupier.platform import game_status, jackpots  # issue 16: GLI-19 4.15, jackpots
from croupier.platform.clock import aware, iso
from croupier.platform.decisions import (
    Stakes,
    default_decision,
    inputs_of,
    stakes_of,
    table_view,
)
from croupier.platform.decisions import adds as _adds
from croupier.platform.errors import InsufficientFunds, NotFound, RoundStateError
from croupier.platform.fairness import active_pair
from croupier.platform.ledger import Ledger, player_code, system_code
from croupier.platform.protection import hooks as protection  # protection (issue 7)
from croupier.platform.rounds import (
    SlipBet,
    actions_of,
    add_event,
    draws_json,
    parse_slip,
    play_bets,
    record_bets,
    resolve_game,
)
from croupier.rng import RandomSource, fair
from croupier.store.models import Bet, Play, Player, Round, RoundEvent, SeedPairRow

KIND = "decision"

#: 004 §2.10, §4.9 and the platform table of 004: 13 seconds for each decision.
DEFAULT_DECISION_SECONDS = 13.0

class DecisionTimeout(CroupierError):
    """The decision time ran out before the player's decision arrived; the default was taken."""

    code = "decision_timeout"


class StaleDecision(CroupierError):
    """The decision was made on an older view of the round (``decision_no`` does not match)."""

    code = "stale_decision"


# -- rebuilding a round -----------------------------------------------------------------------


@dataclass
class Live:
    """An open (or just settled) decision round, rebuilt from its record."""

    rnd: Round
    play: Play
    spec: GameSpec
    variant: Any
    state: Any
    source: RandomSource
    decisions: int  # decisions taken so far


def _stream(session: Session, rnd: Round) -> RandomSource:
    pair = session.get(SeedPairRow, rnd.seed_pair_id)
    if pair is None:  # pragma: no cover - foreign key
        raise RoundStateError(f"round {rnd.id} has no seed pair")
    return fair.stream(pair.server_seed, rnd.client_seed, rnd.nonce)


def _deal(spec: GameSpec, state: Any, source: RandomSource) -> Any:
    """Every chance step the round waits for, from the round's stream."""
    from croupier.games.base import DrawAction

    engine = spec.engine
    while not engine.is_finished(state):
        req = engine.next_draw(state)
        if req is None:
            break
        state = engine.apply(state, DrawAction(req.kind, source.randbelow(req.n)))
    return state


def _events(session: Session, round_id: int) -> list[RoundEvent]:
    return list(session.scalars(select(RoundEvent).where(RoundEvent.round_id == round_id)
                                .order_by(RoundEvent.id)))


def rebuild(session: Session, rnd: Round, play: Play) -> Live:
    """The round's state from its opening bets and decisions, the draws recomputed from the
    player's seed pair (what a restart does; the engine checks every step again)."""
    spec, variant = resolve_game(rnd.game, rnd.variant)
    log = _events(session, rnd.id)
    opened = next((e for e in log if e.type == "opened"), None)
    if opened is None:  # pragma: no cover - written with the round
        raise RoundStateError(f"round {rnd.id} has no opening record")
    bets = [BetRequest.from_dict(b) for b in opened.data["bets"]]
    source = _stream(session, rnd)
    state = _deal(spec, spec.engine.start(variant, bets, play.currency), source)
    n = 0
    for e in log:
        if e.type != "decision":
            continue
        state = _deal(spec, spec.engine.apply(state, Decision(str(e.data["name"]),
                                                               dict(e.data.get("args", {})))), source)
        n += 1
    return Live(rnd, play, spec, variant, state, source, n)


# -- what the player sees ----------------------------------------------------------------------


def view(session: Session, live: Live, player: Player, now: datetime) -> dict[str, Any]:
    """The round as its player may see it."""
    from croupier.platform import wallet

    rnd, play, spec, state = live.rnd, live.play, live.spec, live.state
    finished = spec.engine.is_finished(state)
    open_ = rnd.state == "open" and not finished
    legal = spec.engine.legal_actions(state) if open_ else []
    before = stakes_of(state)
    actions = []
    for d in legal:
        try:
            adds = _adds(before, spec.engine.apply(state, d))
        except CroupierError:  # pragma: no cover - a legal action applies
            adds = 0
        actions.append({"name": d.name, "args": dict(d.args), "adds_stake_minor": adds})
    default = default_decision(spec, state) if open_ else None
    deadline = aware(rnd.closes_at) if (open_ and rnd.closes_at is not None) else None
    bets = [{"code": b.code, "target": b.target, "stake_minor": b.stake,
             "returned_minor": b.returned, "outcome": b.outcome}
            for b in play_bets(session, play.id)]
    out_table = table_view(spec, state)
    out: dict[str, Any] = {
        "round_id": rnd.id, "game": rnd.game, "variant": rnd.variant, "state": rnd.state,
        "currency": play.currency, "currency_exponent": currency_info(play.currency).exponent,
        "decision_no": live.decisions, "table": out_table, "bets": bets,
        "stake_minor": play.stake_total, "returned_minor": play.returned_total,
        "net_minor": None if play.returned_total is None else play.returned_total - play.stake_total,
        "legal_actions": actions,
        # issue 14: the normalised view of the stored outcome, or of the hands so far
        "display": view_of(rnd.game, rnd.variant, rnd.outcome or out_table),
        "default_action": None if default is None else default.name,
        "decision_deadline": iso(deadline),
        "seconds_left": None if deadline is None else max(0.0, (deadline - now).total_seconds()),
        "server_time": iso(now),
        "timeouts": [{"name": e.data["name"], "at": e.data.get("at")} for e in _events(session, rnd.id)
                     if e.type == "decision" and e.data.get("by") == "timeout"],
        "fairness": {"scheme": rnd.fair_scheme, "server_seed_hash": rnd.server_seed_hash,
                     "client_seed": rnd.client_seed, "nonce": rnd.nonce},
        "balance": wallet.balance(session, player).to_dict(),
        # issue 16: the pools this round feeds, live from the ledger, and what it won from them
        "jackpots": jackpots.brief(session, rnd.game, rnd.variant, play.currency, rnd.id),
    }
    return out


# -- money -----------------------------------------------------------------------------------


def _cash(ledger: Ledger, player_id: int) -> int:
    return ledger.balance(player_code(player_id))


def _fmt(minor: int, cur: str) -> str:
    return format_minor(minor, currency_info(cur))


def _debit_added(session: Session, ledger: Ledger, live: Live, before: Stakes, after: Stakes,
                 decision: Decision, opening: Sequence[BetRequest], now: datetime
                 ) -> list[dict[str, Any]]:
    """Debit what ``decision`` added to the stakes (one slip); the rows and their engine ids."""
    added: list[dict[str, Any]] = []
    reqs: list[BetRequest] = []
    for eid in sorted(after):
        code, stake = after[eid]
        old = before.get(eid, (code, 0))[1]
        if stake <= old:
            continue
        row_code = code if eid not in before else decision.name
        owner = _attached(opening, decision, eid)
        target = tuple(opening[owner].target) if owner is not None else ()
        added.append({"bet_id": eid, "code": row_code, "amount": stake - old})
        reqs.append(BetRequest(row_code, stake - old, target))
    if not reqs:
        return []
    total = sum(r.stake for r in reqs)
    have = _cash(ledger, live.play.player_id)
    if have < total:
        cur = live.play.currency
        raise InsufficientFunds(
            f"{decision.name} needs {_fmt(total, cur)} more at stake; your balance is "
            f"{_fmt(have, cur)}")
    record_bets(session, ledger, live.rnd, live.play, reqs, now)
    return added


def _attached(opening: Sequence[BetRequest], decision: Decision, eid: int) -> int | None:
    """The opening bet an added stake belongs to (its row takes that bet's target): the same
    engine bet, else the bet on the box the decision names (blackjack insurance)."""
    if eid < len(opening):
        return eid
    box = decision.args.get("box")
    for i, b in enumerate(opening):
        if box is not None and b.target and b.target[0] == box:
            return i
    return None


def _settle(session: Session, ledger: Ledger, live: Live, now: datetime) -> Settlement:
    spec, state, rnd, play = live.spec, live.state, live.rnd, live.play
    settlement = spec.engine.settle(state)
    # the record must come out of the seeds again (what `croupier verify` and the player do)
    reenact(spec.engine, live.variant, state.events, _stream(session, rnd))
    rows = play_bets(session, play.id)
    groups: dict[int, list[Bet]] = {}
    n_open = len(inputs_of(state))
    for i in range(n_open):
        groups[i] = [rows[i]]
    k = n_open
    for e in _events(session, rnd.id):
        if e.type != "decision":
            continue
        for item in e.data.get("stakes", ()):
            groups.setdefault(int(item["bet_id"]), []).append(rows[k])
            k += 1
    if k != len(rows):  # pragma: no cover - guards the record
        raise RoundStateError(f"round {rnd.id}: {len(rows)} bets but {k} in its record")
    for r in settlement.bets:
        grp = groups.get(r.bet_id, [])
        if sum(b.stake for b in grp) != r.stake:  # pragma: no cover - guards stakes_of
            raise RoundStateError(
                f"round {rnd.id}: bet {r.bet_id} ({r.code}) settled on {r.stake}, "
                f"{sum(b.stake for b in grp)} was debited")
        _share(grp, r.returned, r.outcome)
    if settlement.total_stake != play.stake_total:  # pragma: no cover - guards stakes_of
        raise RoundStateError(f"round {rnd.id}: settled stake {settlement.total_stake} != "
                              f"debited {play.stake_total}")
    play.events = [e.to_dict() for e in state.events]
    play.returned_total = settlement.total_returned
    play.status = "settled"
    play.settled_at = now
    cur = play.currency
    pooled = jackpots.on_settle(session, ledger, rnd, play, state, settlement, now)  # issue 16: jackpots
    if play.stake_total - pooled:
        ledger.transfer(f"stake:{play.id}", system_code("stakes", cur), system_code("house", cur),
                        play.stake_total - pooled, "stake", round_id=rnd.id, play_id=play.id,
                        now=now)
    if settlement.total_returned:
        ledger.transfer(f"payout:{play.id}", system_code("house", cur),
                        protection.payout_account(session, play),  # protection (issue 7): 001 §6.8.5
                        settlement.total_returned, "payout", round_id=rnd.id, play_id=play.id,
                        now=now)
    protection.play_settled(session, rnd, play, settlement.total_returned, now)  # protection (issue 7)
    rnd.draws = draws_json(actions_of(state.events))
    rnd.outcome = {**table_view(spec, state), "decisions": [
        {"name": e.data["name"], "by": e.data.get("by"), "at": e.data.get("at")}
        for e in _events(session, rnd.id) if e.type == "decision"]}
    rnd.state = "settled"
    rnd.closes_at = None
    rnd.closed_at = rnd.closed_at or now
    rnd.resulted_at = now
    rnd.settled_at = now
    add_event(session, rnd.id, "settled", {"stake": play.stake_total,
                                           "returned": play.returned_total}, now)
    session.flush()
    return settlement


def _share(rows: Sequence[Bet], returned: int, outcome: str) -> None:
    """Split one engine bet's return over its rows (the opening stake and the stakes added to
    it) in proportion to their stakes, exactly: any remainder goes to the first row."""
    total = sum(b.stake for b in rows)
    given = 0
    for b in rows[1:]:
        part = returned * b.stake // total if total else 0
        b.returned = part
        b.outcome = outcome
        given += part
    if rows:
        rows[0].returned = returned - given
        rows[0].outcome = outcome


# -- commands ----------------------------------------------------------------------------------


def _open_round(session: Session, player_id: int, game: str | None) -> Round | None:
    q = (select(Round).join(Play, Play.round_id == Round.id)
         .where(Play.player_id == player_id, Round.kind == KIND, Round.state == "open"))
    if game is not None:
        q = q.where(Round.game == game)
    return session.scalars(q.order_by(Round.id.desc()).limit(1)).first()


def open_rounds_of(session: Session, player_id: int) -> list[int]:
    """Ids of the player's decision rounds still waiting for a decision."""
    q = (select(Round.id).join(Play, Play.round_id == Round.id)
         .where(Play.player_id == player_id, Round.kind == KIND, Round.state == "open"))
    return list(session.scalars(q))


def refuse_rotation_while_open(session: Session, player_id: int) -> None:
    """A seed pair cannot be rotated (its server seed revealed) while a decision round dealt
    from it is open: the seed would show the cards still to come."""
    ids = open_rounds_of(session, player_id)
    if ids:
        raise RoundInProgress(
            f"finish your open round {ids[0]} first: rotating now would reveal the server seed "
            "and with it the cards still to come")


def _load(session: Session, player: Player, round_id: int) -> tuple[Round, Play]:
    row = session.execute(select(Round, Play).join(Play, Play.round_id == Round.id).where(
        Round.id == round_id, Play.player_id == player.id, Round.kind == KIND)).one_or_none()
    if row is None:
        raise NotFound(f"no decision round {round_id} of yours")
    return row[0], row[1]


def _deadline(rnd: Round, now: datetime, seconds: float) -> None:
    rnd.closes_at = now + timedelta(seconds=seconds)


def _finish_or_wait(session: Session, ledger: Ledger, live: Live, now: datetime,
                    seconds: float, clock_from: datetime | None = None) -> None:
    """Settle a finished round, or start the timer of the next decision (from ``clock_from``:
    a default taken at a past deadline starts the next timer at that deadline)."""
    if live.spec.engine.is_finished(live.state):
        _settle(session, ledger, live, now)
        return
    if not live.spec.engine.legal_actions(live.state):  # pragma: no cover - engine contract
        raise IllegalAction("the round is stuck: no draw pending and no legal decision")
    _deadline(live.rnd, clock_from or now, seconds)


def _decide(session: Session, ledger: Ledger, live: Live, d: Decision, now: datetime,
            seconds: float, by: str, at: datetime) -> None:
    engine = live.spec.engine
    before = stakes_of(live.state)
    new = engine.apply(live.state, d)  # IllegalAction / NotYourTurn with the engine's reason
    after = stakes_of(new)
    opening = inputs_of(live.state)
    added = _debit_added(session, ledger, live, before, after, d, opening, now)
    add_event(session, live.rnd.id, "decision", {
        "name": d.name, "args": dict(d.args), "by": by, "at": iso(at), "stakes": added}, now)
    live.state = _deal(live.spec, new, live.source)
    live.decisions += 1
    _finish_or_wait(session, ledger, live, now, seconds, at)


def apply_timeouts(session: Session, ledger: Ledger, live: Live, now: datetime,
                   seconds: float) -> int:
    """Take the default decision at every deadline that has passed; the number taken."""
    n = 0
    while live.rnd.state == "open" and live.rnd.closes_at is not None:
        due = aware(live.rnd.closes_at)
        if due > now:
            break
        d = default_decision(live.spec, live.state)
        if d is None:  # pragma: no cover - every decision game offers a stake-free choice
            _void(session, ledger, live, now, "no default decision when the decision time ran out")
            break
        _decide(session, ledger, live, d, now, seconds, "timeout", due)
        n += 1
    return n


def _void(session: Session, ledger: Ledger, live: Live, now: datetime, reason: str) -> None:
    from croupier.platform.rounds import refund_play

    refund_play(session, ledger, live.rnd, live.play, now)
    live.rnd.state = "voided"
    live.rnd.void_reason = reason
    live.rnd.closes_at = None
    live.rnd.settled_at = now
    add_event(session, live.rnd.id, "voided", {"reason": reason}, now)


def start(session: Session, player: Player, game_name: str, variant_name: str,
          slip: Sequence[SlipBet], now: datetime, seconds: float = DEFAULT_DECISION_SECONDS
          ) -> dict[str, Any]:
    """Open a decision round: check, debit, deal up to the first decision (or settle). A game
    disabled (GLI-19 4.15) opens no new round; a round in progress still finishes (:func:`act`)."""
    spec, variant = resolve_game(game_name, variant_name)
    game_status.check_single(session, spec.name)  # issue 16: refused before anything moves
    bets = parse_slip(slip, player.currency)
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    old = _open_round(session, player.id, spec.name)
    if old is not None:
        old_play = session.scalars(select(Play).where(Play.round_id == old.id)).one()
        apply_timeouts(session, ledger, rebuild(session, old, old_play), now, seconds)
        if old.state == "open":
            raise RoundInProgress(
                f"your {spec.title} round {old.id} waits for a decision; finish it first "
                f"(GET /api/interactive/{old.id})")
    state = spec.engine.start(variant, bets, player.currency)  # checks the slip
    required = getattr(spec.engine, "required_funds", None)
    total = sum(b.stake for b in bets)
    need = int(required(variant, bets)) if required is not None else total
    # protection (issue 7): 001 §4.1, §6.8.5: a slot slip may be paid from the bonus balance
    have = protection.available_funds(session, player.id, spec.name, variant_name, need)
    if have < need:
        cur = player.currency
        why = ("" if need == total else
               f" ({spec.title}: the balance must cover the Ante and the Call when the Ante is "
               "placed, 003 §3.4)")
        raise InsufficientFunds(f"this slip needs {_fmt(need, cur)}; your balance is "
                                f"{_fmt(have, cur)}{why}")
    pair = active_pair(session, player.id, now, lock=True)
    nonce = pair.next_nonce
    pair.next_nonce = nonce + 1
    rnd = Round(kind=KIND, table_id=None, number=None, game=spec.name, variant=variant_name,
                currency=player.currency, state="open", fair_scheme="player_seed_pair",
                seed_pair_id=pair.id, server_seed=None, server_seed_hash=pair.server_seed_hash,
                client_seed=pair.client_seed, nonce=nonce, draws=None, outcome=None,
                void_reason=None, opened_at=now, closes_at=None, closed_at=now,
                resulted_at=None, settled_at=None)
    session.add(rnd)
    session.flush()
    play = Play(round_id=rnd.id, player_id=player.id, currency=player.currency, status="open",
                stake_total=0, returned_total=None, events=None, created_at=now, settled_at=None)
    session.add(play)
    session.flush()
    record_bets(session, ledger, rnd, play, bets, now, start=0)
    add_event(session, rnd.id, "opened", {"bets": [b.to_dict() for b in bets],
                                          "decision_seconds": seconds}, now)
    source = fair.stream(pair.server_seed, pair.client_seed, nonce)
    live = Live(rnd, play, spec, variant, _deal(spec, state, source), source, 0)
    _finish_or_wait(session, ledger, live, now, seconds)
    session.flush()
    return view(session, live, player, now)


def _parse_decision(live: Live, action: str, args: Mapping[str, Any] | None) -> Decision:
    legal = live.spec.engine.legal_actions(live.state)
    same = [d for d in legal if d.name == action]
    if not same:
        # an engine may say more precisely why (the show engine: a top-up after the cases opened)
        why = getattr(live.spec.engine, "refusal", None)
        reason = why(live.state, Decision(action, dict(args or {}))) if why is not None else None
        if reason:
            raise IllegalAction(str(reason))
        allowed = ", ".join(dict.fromkeys(d.name for d in legal)) or "none"
        raise IllegalAction(f"{action!r} is not allowed now; allowed: {allowed}")
    if not args:
        return same[0]
    # the engine's own arguments (box, player) first; "funds" is the platform's to check
    merged = {**same[0].args, **{k: v for k, v in args.items() if k != "funds"}}
    return Decision(action, merged)


def act(session: Session, player: Player, round_id: int, action: str,
        args: Mapping[str, Any] | None, now: datetime,
        seconds: float = DEFAULT_DECISION_SECONDS, decision_no: int | None = None
        ) -> dict[str, Any]:
    """The owner's decision on an open round."""
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    rnd, play = _load(session, player, round_id)
    if rnd.state != "open":
        last = [e.data["name"] for e in _events(session, rnd.id) if e.type == "decision"]
        after = f" after {last[-1]}" if last else ""
        raise RoundFinished(f"round {round_id} is {rnd.state}{after}; no {action} or any other "
                            f"decision now (GET /api/interactive/{round_id} shows how it ended)")
    live = rebuild(session, rnd, play)
    taken = apply_timeouts(session, ledger, live, now, seconds)
    if taken:
        names = [e.data["name"] for e in _events(session, rnd.id)
                 if e.type == "decision" and e.data.get("by") == "timeout"][-taken:]
        raise DecisionTimeout(
            f"the decision time ran out: the default ({', '.join(names)}) was taken for you "
            f"(see docs/platform.md); GET /api/interactive/{round_id} shows the round now")
    if decision_no is not None and decision_no != live.decisions:
        raise StaleDecision(f"the round has {live.decisions} decision(s), you answered view "
                            f"{decision_no}; reload the round")
    _decide(session, ledger, live, _parse_decision(live, action, args), now, seconds,
            "player", now)
    session.flush()
    return view(session, live, player, now)


def get(session: Session, player: Player, round_id: int, now: datetime,
        seconds: float = DEFAULT_DECISION_SECONDS) -> dict[str, Any]:
    """The round now (a passed deadline takes its default first)."""
    ledger = Ledger(session)
    ledger.lock_player(player.id)
    rnd, play = _load(session, player, round_id)
    live = rebuild(session, rnd, play)
    if rnd.state == "open":
        apply_timeouts(session, ledger, live, now, seconds)
    session.flush()
    return view(session, live, player, now)


def current(session: Session, player: Player, game: str | None, now: datetime,
            seconds: float = DEFAULT_DECISION_SECONDS) -> dict[str, Any] | None:
    """The player's open decision round (of ``game``), to resume it; None when there is none."""
    rnd = _open_round(session, player.id, game)
    if rnd is None:
        return None
    return get(session, player, rnd.id, now, seconds)


def due_rounds(session: Session, now: datetime) -> list[int]:
    q = select(Round.id).where(Round.kind == KIND, Round.state == "open",
                               Round.closes_at.is_not(None), Round.closes_at <= now)
    return list(session.scalars(q.order_by(Round.id)))


def sweep_one(session: Session, round_id: int, now: datetime,
              seconds: float = DEFAULT_DECISION_SECONDS) -> int:
    """Take the defaults a round is due (the sweeper's unit of work); decisions taken."""
    rnd = session.get(Round, round_id)
    if rnd is None or rnd.kind != KIND:
        return 0
    play = session.scalars(select(Play).where(Play.round_id == round_id)).one()
    ledger = Ledger(session)
    ledger.lock_player(play.player_id)
    session.refresh(rnd)
    if rnd.state != "open":
        return 0
    return apply_timeouts(session, ledger, rebuild(session, rnd, play), now, seconds)


def sweep(run: Callable[[Callable[[Session], Any]], Any], now: datetime,
          seconds: float = DEFAULT_DECISION_SECONDS) -> int:
    """Apply the defaults of every round whose deadline has passed, one unit of work each
    (``run`` is :meth:`Platform.run`); the number of decisions taken."""
    ids: list[int] = run(lambda s: due_rounds(s, now))
    total = 0
    for rid in ids:
        def one(s: Session, rid: int = rid) -> int:
            return sweep_one(s, rid, now, seconds)
        total += int(run(one))
    return total
