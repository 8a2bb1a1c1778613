// The bet slip of one round, for every game: chips placed and not sent yet, undo, clear, rebet
// and double (001 §8.11; 004 §1.5). Stakes are integer minor units. A game may say how a
// position is keyed and named and how many chips one placement takes (a roulette call bet's
// stake is its chip value times its chips: layout.py, engine.py _check_limits).
const defaultKey = (code, target) => `${code}:${JSON.stringify(target || [])}`;

export class BetSlip {
  constructor({ key = defaultKey, label = (code) => code, chips = () => 1 } = {}) {
    this.keyOf = key;
    this.labelOf = label;
    this.chipsOf = chips;
    this.actions = []; // each action: [{code, target, stake}]
    this.last = []; // the bets of the previous round (rebet / double)
    this.listeners = new Set();
  }

  onChange(fn) { this.listeners.add(fn); }
  changed() { for (const fn of this.listeners) fn(this); }

  /** Bets merged by position: [{code, target, stake, key, label}] in first-placed order. */
  bets() {
    const merged = new Map();
    for (const action of this.actions) {
      for (const b of action) {
        const key = this.keyOf(b.code, b.target);
        const cur = merged.get(key);
        if (cur) cur.stake += b.stake;
        else merged.set(key, { code: b.code, target: b.target, stake: b.stake, key, label: this.labelOf(b.code, b.target) });
      }
    }
    return [...merged.values()].filter((b) => b.stake > 0);
  }

  total() { return this.bets().reduce((s, b) => s + b.stake, 0); }
  isEmpty() { return this.actions.length === 0; }

  /** One chip of value `chip` on a position (a call bet takes one chip per component bet). */
  place(code, target, chip) {
    this.actions.push([{ code, target, stake: chip * this.chipsOf(code, target) }]);
    this.changed();
  }

  undo() {
    if (!this.actions.length) return false;
    this.actions.pop();
    this.changed();
    return true;
  }

  clear() {
    if (!this.actions.length) return false;
    this.actions = [];
    this.changed();
    return true;
  }

  /** Rebet (004 §1.5.1): the same bets as the last round. */
  rebet() {
    if (!this.last.length) return false;
    this.actions.push(this.last.map((b) => ({ ...b })));
    this.changed();
    return true;
  }

  /**
   * Double (004 §1.5.2 ASSUMPTION): doubles the bets on the layout (`accepted`, bets the server
   * already took this round, plus the chips not sent yet); on an empty layout it places the last
   * round's bets twice.
   */
  double(accepted = []) {
    const onLayout = [...accepted, ...this.bets()];
    const src = onLayout.length ? onLayout : this.last.map((b) => ({ ...b, stake: 2 * b.stake }));
    if (!src.length) return false;
    this.actions.push(src.map((b) => ({ code: b.code, target: b.target, stake: b.stake })));
    this.changed();
    return true;
  }

  /** The round closed: remember what was bet for the next rebet and start empty. */
  closeRound(accepted) {
    if (accepted && accepted.length) this.last = accepted.map((b) => ({ code: b.code, target: b.target, stake: b.stake }));
    this.actions = [];
    this.changed();
  }
}
