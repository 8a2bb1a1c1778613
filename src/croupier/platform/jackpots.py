"""Jackpot pools in the ledger (issue 16 part 5; docs/jackpots.md).

A pool is the variant's ``[jackpots.<name>]`` section (:mod:`croupier.games.jackpot`) in one
currency. Its amount **is** the balance of its ledger account ``jackpot:<code>:<currency>``
(kind ``jackpot``): what players are shown is what the ledger holds, never a separate counter.
Each pool also has a reserve account ``jackpot:<code>:reserve:<currency>`` for contributions
taken while the pool stands at its cap.

Money moves only by ledger transfers with idempotency keys, inside the settlement's unit of work:

* seed: ``house`` -> pool, when the pool is created and after a win leaves it below its seed
  (key ``jackpot:seed:<pool id>:<cycle>`` / ``jackpot:topup:<win id>``); a refill from the
  reserve comes first (``jackpot:refill:<win id>``), never above the cap;
* contribution: ``stakes`` -> pool (the pool's share of the play's contributing stakes; the
  settlement's ``stakes`` -> ``house`` transfer takes the rest), or -> reserve above the cap
  (``jackpot:in:<play>:<pool id>`` / ``jackpot:over:<play>:<pool id>``);
* win: pool -> the account the bet came from (``jackpot:win:<pool id>:<play>:<bet>``).

A voided round contributes nothing (its stakes are refunded whole from ``stakes``). Pools are
locked (``SELECT ... FOR UPDATE``) in a fixed order while a play contributes or wins, so two
settlements never pay the same pool twice. The hidden level of a drop pool comes from the
injected random source (:func:`use_source`; the OS CSPRNG by default) and is committed to by a
published SHA-256 (:func:`commitment`) that the win record lets anyone check.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import cache
from importlib import resources
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from croupier.games.base import Settlement
from croupier.games.jackpot import (
    PoolSpec,
    contribution_of,
    drop_level,
    long_run_return,
    parse_pools,
    share_of,
)
from croupier.games.registry import read_data
from croupier.money import currency, format_minor
from croupier.platform.clock import iso
from croupier.platform.ledger import Ledger, system_code
from croupier.platform.protection import audit
from croupier.platform.protection import hooks as protection
from croupier.rng import RandomSource, SystemSource
from croupier.store.jackpot_models import JackpotPool, JackpotWin
from croupier.store.models import Account, Play, Round, RoundEvent

#: a pool code (``<game>.<variant>.<name>``) fits its account codes (64 characters)
MAX_CODE = 40

_source: list[RandomSource] = [SystemSource()]


def use_source(source: RandomSource) -> RandomSource:
    """Inject the random source of the drop levels (tests give a seeded one); the previous."""
    old = _source[0]
    _source[0] = source
    return old


@dataclass(frozen=True, slots=True)
class Pool:
    """A pool of the catalogue: the variant it belongs to and its spec."""

    game: str
    variant: str
    spec: PoolSpec

    @property
    def code(self) -> str:
        return f"{self.game}.{self.variant}.{self.spec.name}"


def account_code(code: str, cur: str) -> str:
    return f"jackpot:{code}:{cur}"


def reserve_code(code: str, cur: str) -> str:
    return f"jackpot:{code}:reserve:{cur}"


@cache
def pools_of(game: str, variant: str) -> tuple[Pool, ...]:
    """The pools of a variant, from its data file (``()`` for a variant without jackpots)."""
    data = read_data(game, variant)
    pools = tuple(Pool(game, variant, s) for s in parse_pools(data, f"{game}/{variant}.toml"))
    for p in pools:
        if len(p.code) > MAX_CODE:
            raise ValueError(f"jackpot pool code {p.code!r} is longer than {MAX_CODE} characters")
    return pools


@cache
def catalogue() -> tuple[Pool, ...]:
    """Every pool of every variant. The variant files are scanned for the word ``jackpots``
    first (cheap: no game is imported, no other file parsed; the server does this at start-up)."""
    root = resources.files("croupier.variants")
    found = []
    for folder in sorted(root.iterdir(), key=lambda f: f.name):
        if not folder.is_dir():
            continue
        for f in sorted(folder.iterdir(), key=lambda f: f.name):
            if (f.name.endswith(".toml") and not f.name.startswith("_")
                    and "jackpots" in f.read_text(encoding="utf-8")):
                found.append((folder.name, f.name[:-5]))
    return tuple(p for g, v in found for p in pools_of(g, v))


def has_pools(game: str, variant: str) -> bool:
    try:
        return bool(pools_of(game, variant))
    except Exception:  # noqa: BLE001 - an unknown variant has no pool; its own path refuses it
        return False


def commitment(code: str, cur: str, cycle: int, level: int, salt: str) -> str:
    """The published SHA-256 of a drop pool's hidden level for one cycle."""
    return hashlib.sha256(f"{code}:{cur}:{cycle}:{level}:{salt}".encode()).hexdigest()


# -- pools -------------------------------------------------------------------------------------


def _open_accounts(session: Session, code: str, cur: str) -> None:
    for acc in (account_code(code, cur), reserve_code(code, cur)):
        if session.scalar(select(Account.id).where(Account.code == acc)) is None:
            session.add(Account(code=acc, kind="jackpot", player_id=None, currency=cur, balance=0))
    session.flush()


def new_level(pool: Pool, cur: str, cycle: int) -> tuple[int, str, str]:
    """A drop pool's hidden level for ``cycle``, its salt and its published commitment, from the
    injected source (the level first, then the salt's two draws)."""
    spec = pool.spec
    src = _source[0]
    level = drop_level(src, spec.seed[cur], spec.cap[cur])
    salt = f"{src.randbelow(1 << 64):016x}{src.randbelow(1 << 64):016x}"
    return level, salt, commitment(pool.code, cur, cycle, level, salt)


def _draw_level(pool: Pool, row: JackpotPool) -> None:
    row.drop_level, row.drop_salt, row.drop_commitment = new_level(pool, row.currency, row.cycle)


def refill_amounts(pool: Pool, cur: str, bal: int, reserve: int, creating: bool = False
                   ) -> tuple[int, int]:
    """After a win (or at creation), a pool holding ``bal`` with ``reserve`` in its reserve: what
    the reserve gives back first, up to the cap; then what the house adds up to the seed (after a
    win only when the pool's ``top_up`` says so)."""
    seed, cap = pool.spec.seed[cur], pool.spec.cap[cur]
    take = max(0, min(reserve, max(0, cap - bal)))
    bal += take
    return take, seed - bal if bal < seed and (creating or pool.spec.top_up) else 0


def _refill(ledger: Ledger, pool: Pool, row: JackpotPool, key: str, now: datetime,
            creating: bool = False) -> None:
    """After a win (or at creation): :func:`refill_amounts` moved by the ledger. A drop pool
    starts a new cycle with a new hidden level."""
    cur = row.currency
    acc, res = account_code(pool.code, cur), reserve_code(pool.code, cur)
    take, seed = refill_amounts(pool, cur, ledger.balance(acc), ledger.balance(res), creating)
    if take > 0:
        ledger.transfer(f"jackpot:refill:{key}", res, acc, take, "jackpot_refill", now=now)
    if seed > 0:
        ledger.transfer(f"jackpot:seed:{key}", system_code("house", cur), acc, seed,
                        "jackpot_seed", now=now)
    if pool.spec.kind == "drop":
        _draw_level(pool, row)
    row.updated_at = now


def ensure_pool(session: Session, pool: Pool, cur: str, now: datetime, lock: bool = False
                ) -> JackpotPool:
    """The pool's row in ``cur``, created and seeded (house -> pool) on first use."""
    q = select(JackpotPool).where(JackpotPool.code == pool.code, JackpotPool.currency == cur)
    row = session.scalars(q.with_for_update() if lock else q).one_or_none()
    if row is not None:
        return row
    ledger = Ledger(session)
    ledger.ensure_system_accounts(cur)
    _open_accounts(session, pool.code, cur)
    row = JackpotPool(code=pool.code, currency=cur, kind=pool.spec.kind, cycle=0, drop_level=None,
                      drop_salt=None, drop_commitment=None, created_at=now, updated_at=now)
    session.add(row)
    session.flush()
    _refill(ledger, pool, row, f"{row.id}:0", now, creating=True)
    session.flush()
    return row


def ensure_all(session: Session, now: datetime) -> int:
    """Create and seed every pool of the catalogue (start-up); the number of pools."""
    n = 0
    for pool in catalogue():
        for cur in sorted(pool.spec.seed):
            ensure_pool(session, pool, cur, now)
            n += 1
    return n


# -- settlement --------------------------------------------------------------------------------


def _jackpot_rows(game: str, state: Any) -> dict[int, str]:
    if game == "blackjack":
        from croupier.games.blackjack.jackpot import jackpot_rows

        return jackpot_rows(state)
    return {}


def on_settle(session: Session, ledger: Ledger, rnd: Round, play: Play, state: Any,
              settlement: Settlement, now: datetime) -> int:
    """A play's contributions and jackpot wins, in the settlement's unit of work; the amount
    taken from its stakes into pools (the caller moves only the rest of the stakes to the house).

    Contributions first (the winner's own contribution is in the pool it wins), then the wins of
    each pool in bet order: a share is taken of what the pool holds after the previous win of the
    same play (ASSUMPTION: simultaneous winners are paid one after the other, in box order)."""
    pools = pools_of(rnd.game, rnd.variant) if has_pools(rnd.game, rnd.variant) else ()
    if not pools:
        return 0
    cur = play.currency
    rows = _jackpot_rows(rnd.game, state)
    won_main = any(r.returned > r.stake for r in settlement.bets)
    taken = 0
    for pool in sorted(pools, key=lambda p: p.code):
        spec = pool.spec
        if not spec.offered_in(cur):
            continue
        stake = sum(r.stake for r in settlement.bets
                    if spec.feeds_on(r.code) and r.outcome != "carried")
        amount = contribution_of(stake, spec.contribution)
        may_win = (any(r in spec.wins for r in rows.values()) if spec.kind == "share"
                   else amount > 0 if spec.award == "contributor" else won_main)
        if amount == 0 and not may_win:
            continue  # this play neither feeds nor can win the pool: leave it unlocked
        row = ensure_pool(session, pool, cur, now, lock=True)
        acc = account_code(pool.code, cur)
        if amount > 0:
            bal = ledger.balance(acc)
            into = max(0, min(amount, spec.cap[cur] - bal))
            if spec.overflow == "house":
                amount = into  # above the cap the stake stays with the house
            stakes = system_code("stakes", cur)
            if into:
                ledger.transfer(f"jackpot:in:{play.id}:{row.id}", stakes, acc, into,
                                "jackpot_in", round_id=rnd.id, play_id=play.id, now=now)
            if amount - into:
                ledger.transfer(f"jackpot:over:{play.id}:{row.id}", stakes,
                                reserve_code(pool.code, cur), amount - into, "jackpot_in",
                                round_id=rnd.id, play_id=play.id, now=now)
            taken += amount
        if spec.kind == "share":
            for bet_id in sorted(rows):
                share = spec.wins.get(rows[bet_id])
                if share is not None:
                    bal = ledger.balance(acc)
                    _pay(session, ledger, pool, row, rnd, play, bet_id, rows[bet_id],
                         share_of(bal, share), bal, now)
        elif may_win:
            bal = ledger.balance(acc)
            if row.drop_level is not None and bal >= row.drop_level:
                _pay(session, ledger, pool, row, rnd, play, -1, "drop", bal, bal, now)
    return taken


def win_key(pool_id: int, play_id: int, bet_id: int) -> str:
    """The ledger key (and audit reference) of a jackpot win."""
    return f"jackpot:win:{pool_id}:{play_id}:{bet_id}"


def win_event(pool: Pool, play_id: int, bet_id: int, why: str, amount: int, cur: str,
              before: int) -> dict[str, Any]:
    """The ``jackpot`` round event of a win."""
    return {"pool": pool.code, "title": pool.spec.title, "play_id": play_id, "bet_id": bet_id,
            "row": why, "amount": amount, "currency": cur, "pool_before": before}


def _pay(session: Session, ledger: Ledger, pool: Pool, row: JackpotPool, rnd: Round,
         play: Play, bet_id: int, why: str, amount: int, before: int, now: datetime) -> None:
    if amount <= 0:
        return
    win = JackpotWin(pool_id=row.id, cycle=row.cycle, round_id=rnd.id, play_id=play.id,
                     player_id=play.player_id, bet_id=bet_id, row=why, amount=amount,
                     pool_before=before, drop_level=row.drop_level, drop_salt=row.drop_salt,
                     created_at=now)
    session.add(win)
    session.flush()
    target = protection.payout_account(session, play)  # 001 §6.8.5: where the bet came from
    ref = win_key(row.id, play.id, bet_id)
    ledger.transfer(ref, account_code(pool.code, row.currency),
                    target, amount, "jackpot_win", round_id=rnd.id, play_id=play.id, now=now)
    audit.append(session, "win", player_id=play.player_id, round_id=rnd.id, play_id=play.id,
                 amount=amount, currency=row.currency, account=target.rsplit(":", 1)[-1],
                 ref=ref, now=now)
    session.add(RoundEvent(round_id=rnd.id, type="jackpot", created_at=now,
                           data=win_event(pool, play.id, bet_id, why, amount, row.currency, before)))
    if pool.spec.kind == "drop":
        row.cycle += 1
    _refill(ledger, pool, row, f"w{win.id}", now)


# -- views -------------------------------------------------------------------------------------


def _fraction_text(x: Any) -> str:
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.6g}"


def pool_view(session: Session, pool: Pool, cur: str) -> dict[str, Any]:
    spec = pool.spec
    row = session.scalars(select(JackpotPool).where(JackpotPool.code == pool.code,
                                                    JackpotPool.currency == cur)).one_or_none()
    ledger = Ledger(session)
    amount = reserve = 0
    last: dict[str, Any] | None = None
    if row is not None:
        amount = ledger.balance(account_code(pool.code, cur))
        reserve = ledger.balance(reserve_code(pool.code, cur))
        w = session.scalars(select(JackpotWin).where(JackpotWin.pool_id == row.id)
                            .order_by(JackpotWin.id.desc()).limit(1)).first()
        if w is not None:
            last = {"amount_minor": w.amount, "row": w.row, "round_id": w.round_id,
                    "at": iso(w.created_at), "cycle": w.cycle, "drop_level_minor": w.drop_level,
                    "drop_salt": w.drop_salt}
    c = currency(cur)
    return {
        "pool": pool.code, "game": pool.game, "variant": pool.variant, "name": spec.name,
        "title": spec.title, "clause": spec.clause, "kind": spec.kind, "award": spec.award,
        "currency": cur, "currency_exponent": c.exponent,
        "amount_minor": amount, "amount": format_minor(amount, c), "reserve_minor": reserve,
        "seed_minor": spec.seed[cur], "cap_minor": spec.cap[cur],
        "contribution": str(spec.contribution), "bets": list(spec.bets),
        "wins": {r: str(s) for r, s in spec.wins.items()},
        "long_run_rtp": _fraction_text(long_run_return(spec, cur)),
        "cycle": row.cycle if row is not None else 0,
        "drop_commitment": row.drop_commitment if row is not None else None,
        "last_win": last,
    }


def pools_view(session: Session, game: str | None = None, variant: str | None = None,
               cur: str | None = None) -> list[dict[str, Any]]:
    """Every pool (of a game, of a variant, in a currency), with its amount from the ledger."""
    out = []
    for pool in catalogue():
        if (game is not None and pool.game != game) or (variant is not None and pool.variant != variant):
            continue
        for c in sorted(pool.spec.seed):
            if cur is None or c == cur:
                out.append(pool_view(session, pool, c))
    return out


def wins_of_round(session: Session, round_id: int) -> list[dict[str, Any]]:
    rows: Sequence[Any] = session.execute(
        select(JackpotWin, JackpotPool.code, JackpotPool.currency)
        .join(JackpotPool, JackpotPool.id == JackpotWin.pool_id)
        .where(JackpotWin.round_id == round_id).order_by(JackpotWin.id)).all()
    names = titles()
    return [{"pool": code, "title": names.get(code, code), "currency": cur,
             "amount_minor": w.amount, "row": w.row, "bet_id": w.bet_id} for w, code, cur in rows]


def brief(session: Session, game: str, variant: str, cur: str, round_id: int | None = None
          ) -> dict[str, Any]:
    """What a game's page shows: its pools in the player's currency (amounts from the ledger)
    and the jackpots the round won. ``{"pools": [], "wins": []}`` for a game without pools."""
    if not has_pools(game, variant):
        return {"pools": [], "wins": []}
    pools = [{k: v[k] for k in ("pool", "title", "kind", "currency", "currency_exponent",
                                 "amount_minor", "amount", "wins", "drop_commitment")}
             for v in pools_view(session, game, variant, cur)]
    return {"pools": pools, "wins": [] if round_id is None else wins_of_round(session, round_id)}


def titles() -> Mapping[str, str]:
    return {p.code: p.spec.title for p in catalogue()}


__all__ = ["Pool", "account_code", "catalogue", "commitment", "ensure_all", "ensure_pool",
           "brief", "has_pools", "on_settle", "pool_view", "pools_of", "pools_view", "reserve_code",
           "use_source", "wins_of_round"]
