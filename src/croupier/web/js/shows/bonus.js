// Crazy Time's bonus stage on the show page (000 §12.31, issue 18): the decision window (Cash
// Hunt: aim at one of the 108 covered cells; the Crazy Time bonus: choose a flapper) with its own
// countdown for the players who bet on the bonus (everyone else watches), and, once the round is
// resulted, the stage itself: the Top Slot, the Cash Hunt wall uncovered with every pick, the
// Pachinko drops, the Coin Flip, the bonus wheel's spins and each flapper's multiplier.
// Picks go to POST /api/shows/rounds/{id}/picks (platform/show_picks.py).
import { ApiError, request, savedPlayer, token } from "../api.js";
import { el } from "../shell/dom.js";
import { toast } from "../ui.js";

const WALL = 108;
const COLUMNS = 12;
const FLAPPERS = ["green", "blue", "yellow"];
const NAMES = { cash_hunt: "Cash Hunt", crazy_time: "Crazy Time", pachinko: "Pachinko", coin_flip: "Coin Flip" };

export class BonusStage {
  constructor(box, { currency, onWheel }) {
    this.box = box;
    this.currency = currency;
    this.onWheel = onWheel; // draws the wheel (the segment renderer) when the window opens
    this.roundId = null;
    this.timer = null;
    this.mine = null; // { you_play, your_pick }
  }

  clear() {
    this.stopClock();
    this.roundId = null;
    this.mine = null;
    this.box.replaceChildren();
    this.box.hidden = true;
    delete this.box.dataset.state;
  }

  stopClock() { clearInterval(this.timer); this.timer = null; }

  /** After a reload: the window of the table's round, if one is open. */
  async resume(tableId) {
    try {
      const r = await request("GET", `/api/shows/tables/${encodeURIComponent(tableId)}/round`);
      if (r?.window?.open) this.openWindow({ ...r.window, server_time: r.server_time }, r.round_id, r.window);
    } catch { /* no round yet */ }
  }

  /** The window opened (the table's message); `mine`: the player's view if already known. */
  async openWindow(w, roundId, mine = null) {
    this.roundId = roundId;
    this.window = w;
    this.offset = w.server_time ? Date.parse(w.server_time) - Date.now() : 0;
    this.mine = mine;
    if (!mine && token()) {
      try { this.mine = (await request("GET", `/api/shows/rounds/${roundId}`)).window; } catch { this.mine = null; }
    }
    this.render();
    if (w.display && this.onWheel) await this.onWheel(w.display); // the wheel as it stopped
  }

  progress(m) {
    if (m.round_id !== this.roundId) return;
    const p = this.box.querySelector("#pick-progress");
    if (p) p.textContent = `${m.picked} of ${m.bettors} players have picked`;
  }

  closeWindow() {
    this.stopClock();
    for (const b of this.box.querySelectorAll("#pick-board button")) b.disabled = true;
    if (this.box.dataset.state === "window") this.box.dataset.state = "closed";
  }

  remainingMs() {
    return Date.parse(this.window.closes_at) - (Date.now() + this.offset);
  }

  render() {
    const w = this.window;
    const plays = !!this.mine?.you_play;
    const picked = this.mine?.your_pick;
    const name = NAMES[w.bonus] || w.bonus;
    this.box.hidden = false;
    this.box.dataset.state = "window";
    this.box.dataset.bonus = w.bonus;
    this.box.dataset.round = String(this.roundId);
    const clock = el("span", { id: "pick-countdown", role: "timer" }, "–");
    const head = el("h2", { class: "section-title" }, `${name}: `,
      plays ? (w.bonus === "cash_hunt" ? "aim at a cell" : "choose a flapper") : "the players who bet on it pick", " · ", clock, " s");
    const note = el("p", { class: "hint", id: "pick-note" }, plays
      ? "No pick before the time runs out: the RNG picks for you (000 §12.31)."
      : `You watch: only a bet on ${name} plays the bonus.`);
    const board = el("div", { id: "pick-board", class: `pick-board ${w.bonus}`, role: "group", "aria-label": `${name} picks` });
    if (w.bonus === "cash_hunt") {
      board.style.setProperty("--cols", String(COLUMNS));
      for (let c = 0; c < WALL; c += 1) {
        board.append(el("button", { type: "button", class: "cell", dataset: { cell: String(c) }, disabled: !plays || !!picked,
          "aria-label": `Cell ${c + 1}`, onclick: () => this.pick(c) }, "?"));
      }
    } else {
      for (const f of FLAPPERS) {
        board.append(el("button", { type: "button", class: `flapper ${f}`, dataset: { flapper: f }, disabled: !plays || !!picked,
          "aria-label": `Flapper ${f}`, onclick: () => this.pick(f) }, f));
      }
    }
    this.box.replaceChildren(head, note, el("p", { class: "hint", id: "pick-progress" }, `${w.picked ?? 0} of ${w.bettors} players have picked`), board);
    if (picked) this.markPicked(picked.choice);
    this.stopClock();
    const tick = () => {
      const ms = Math.max(0, this.remainingMs());
      clock.textContent = String(Math.ceil(ms / 1000));
      if (ms <= 0) this.closeWindow();
    };
    this.timer = setInterval(tick, 200);
    tick();
  }

  markPicked(choice) {
    const board = this.box.querySelector("#pick-board");
    if (!board) return;
    board.dataset.picked = String(choice);
    for (const b of board.querySelectorAll("button")) {
      b.disabled = true;
      const mine = String(b.dataset.cell ?? b.dataset.flapper) === String(choice);
      b.classList.toggle("mine", mine);
      if (mine) b.setAttribute("aria-pressed", "true");
    }
    const note = this.box.querySelector("#pick-note");
    if (note) note.textContent = `Your pick: ${typeof choice === "number" ? `cell ${choice + 1}` : `the ${choice} flapper`}.`;
  }

  async pick(choice) {
    if (!this.roundId) return;
    try {
      const r = await request("POST", `/api/shows/rounds/${this.roundId}/picks`, { choice });
      this.mine = r;
      this.markPicked(r.your_pick.choice);
    } catch (e) {
      toast(e instanceof ApiError ? e.message : String(e));
    }
  }

  /** The bonus as played, from the round's outcome (after the window). */
  showOutcome(o) {
    if (!o) return;
    this.stopClock();
    const parts = [];
    const ts = o.top_slot || {};
    parts.push(el("p", { class: "top-slot", id: "top-slot", dataset: { spot: ts.spot || "", multiplier: String(ts.multiplier ?? "") } },
      ts.spot && ts.spot !== "miss" ? `Top Slot: ${NAMES[ts.spot] || ts.spot} x${ts.multiplier}${ts.spot === o.segment ? " (lined up)" : ""}` : "Top Slot: no multiplier"));
    const you = this.youId();
    if (o.cash_hunt) {
      const grid = el("div", { class: "pick-board cash_hunt revealed", id: "wall", role: "list", "aria-label": "The Cash Hunt wall" });
      grid.style.setProperty("--cols", String(COLUMNS));
      const picks = o.cash_hunt.picks || {};
      const picked = new Set(Object.values(picks).map(Number));
      o.cash_hunt.wall.forEach((v, c) => {
        const mine = you !== null && Number(picks[you]) === c;
        grid.append(el("span", { role: "listitem", class: `cell${picked.has(c) ? " picked" : ""}${mine ? " mine" : ""}`, dataset: { cell: String(c), value: String(v) } }, `${v}x`));
      });
      parts.push(el("h2", { class: "section-title" }, "Cash Hunt"), grid);
      if (you !== null && picks[you] !== undefined) parts.push(el("p", { id: "your-bonus" }, `Your cell ${Number(picks[you]) + 1}: ${o.cash_hunt.wall[picks[you]]}x`));
    }
    if (o.pachinko) {
      const p = o.pachinko;
      parts.push(el("h2", { class: "section-title" }, "Pachinko"),
        el("ol", { id: "pachinko" }, ...p.drops.map(([zone, slot, what]) => el("li", {}, `Drop from zone ${zone}: slot ${slot + 1} shows ${what}`))),
        el("p", { id: "your-bonus" }, `Final multiplier: ${p.multiplier}x`));
    }
    if (o.coin_flip) {
      const c = o.coin_flip;
      parts.push(el("h2", { class: "section-title" }, "Coin Flip"),
        el("p", { id: "coin", dataset: { side: c.side } }, `Red ${c.red}x · Blue ${c.blue}x — the coin shows ${c.side}: ${c[c.side]}x`));
    }
    if (o.crazy_time) {
      const c = o.crazy_time;
      const picks = c.picks || {};
      parts.push(el("h2", { class: "section-title" }, "Crazy Time bonus"),
        el("p", { id: "bonus-spins" }, `Bonus wheel spins: ${c.spins.map((s) => s + 1).join(", ")}`),
        el("ul", { id: "flappers" }, ...FLAPPERS.map((f) => el("li", { class: `flapper ${f}${you !== null && picks[you] === f ? " mine" : ""}`, dataset: { flapper: f, multiplier: String(c.multipliers[f] ?? "") } },
          `${f}: ${c.multipliers[f] ?? "–"}x`))));
      if (you !== null && picks[you]) parts.push(el("p", { id: "your-bonus" }, `Your flapper ${picks[you]}: ${c.multipliers[picks[you]]}x`));
    }
    this.box.replaceChildren(...parts);
    this.box.hidden = false;
    this.box.dataset.state = "result";
  }

  youId() {
    const p = savedPlayer();
    return p?.id !== undefined && p?.id !== null ? String(p.id) : null;
  }
}
