// The betting shell of every game page with chips (docs/web.md): the chips, the local slip of
// unsent chips, Place bets (one Idempotency-Key, retried on a network error), rebet / double /
// undo / clear, total bet, balance, last win, the round's countdown and, at a shared table, its
// events (the WebSocket, or polling for a guest). A page gives its layout through `hooks`:
//   showChips(Map key -> amount) · setEnabled(open) · onRound(round) · onResult(event) -> Promise
//   · onSnapshot(table) · onPoll(table) · onOpen() · settlementText(outcome) · play(bets) (solo)
import * as API from "../api.js";
import { formatMoney, toMajorString } from "../money.js";
import { toast } from "../ui.js";
import { buildChips } from "./chips.js";
import { Countdown } from "./clock.js";
import { el, sleep } from "./dom.js";
import { showAmount, showBalance, showSettlement } from "./figures.js";
import { t } from "./i18n.js";
import { LiveNotices, voidedText } from "./live.js";

const { api, newKey, token } = API;
const $ = (sel) => document.querySelector(sel);
const AUTO_CONFIRM_MS = 1500; // unsent chips are sent this long before "no more bets"

/** Send a slip with one Idempotency-Key, retried (the same key) while the network fails. */
export async function sendOnce(send, tries = 3) {
  const key = newKey();
  for (let i = 1; ; i += 1) {
    try {
      return await send(key);
    } catch (e) {
      if (e instanceof API.ApiError || i >= tries) throw e;
      await sleep(300 * i);
    }
  }
}

export class BettingShell {
  /**
   * opts: { tableId (null: single-player rounds), currency, slip (a BetSlip), chipValues,
   *         bettingSeconds, hooks, phaseClosed, maxOf(code) -> max stake of a bet or undefined,
   *         spotKey(code, target) -> the layout spot showing a bet's chips, offline (a preview) }
   */
  constructor(opts) {
    Object.assign(this, { tableId: null, bettingSeconds: 23, phaseClosed: t("no_more_bets"), maxOf: () => undefined }, opts);
    this.hooks = { showChips() {}, setEnabled() {}, onRound() {}, onResult: async () => {}, onSnapshot() {}, onPoll() {}, onOpen() {}, settlementText: () => "", ...opts.hooks };
    this.round = null;
    this.accepted = []; // accepted by the server this round [{code, target, stake}]
    this.acceptedRound = null;
    this.sending = false;
    this.chip = null;
    this.clock = new Countdown();
    this.reveal = Promise.resolve(); // the outcome being shown: settlement waits for it
    this.live = new LiveNotices(); // issue 16: No Spin, held, voids, table status, game disabled
    this.slip.onChange(() => this.renderSlip());
  }

  fmt(minor) { return formatMoney(minor, this.currency); }
  solo() { return !this.tableId; }

  setPhase(text) { $("#phase").textContent = text; }

  chips(values, fallback) {
    buildChips($("#chips"), values, this.currency, (v) => { this.chip = v; }, fallback);
  }

  bettingOpen() {
    if (this.locked) return false; // a decision round is being played
    if (this.offline || this.solo()) return true;
    return !!this.round && this.round.state === "open" && this.clock.remainingMs() > 0;
  }

  stakeOn(code) {
    return [...this.accepted, ...this.slip.bets()].filter((b) => b.code === code).reduce((s, b) => s + b.stake, 0);
  }

  /** One chip on a bet; false (with a message) when it cannot be placed now. */
  place(code, target, stake = this.chip) {
    if (!this.offline && !token()) { toast("Log in to place bets."); return false; }
    if (!this.bettingOpen()) { toast("No more bets: wait for the next round."); return false; }
    const max = this.maxOf(code);
    if (max && this.stakeOn(code) + stake > max) { toast(`${this.slip.labelOf(code, target)}: the maximum is ${this.fmt(max)}.`); return false; }
    this.slip.place(code, target, stake);
    return true;
  }

  merged(bets) {
    const m = new Map();
    for (const b of bets) {
      const k = this.slip.keyOf(b.code, b.target);
      const cur = m.get(k);
      if (cur) cur.stake += b.stake;
      else m.set(k, { ...b, key: k, label: this.slip.labelOf(b.code, b.target) });
    }
    return [...m.values()];
  }

  renderSlip() {
    const pending = this.slip.bets();
    const acc = this.merged(this.accepted);
    const list = $("#slip");
    list.replaceChildren();
    list.dataset.round = String(this.acceptedRound ?? "");
    list.dataset.accepted = String(acc.reduce((s, b) => s + b.stake, 0));
    const amounts = new Map();
    for (const [bets, cls] of [[acc, "accepted"], [pending, "pending"]]) {
      for (const b of bets) {
        const spot = this.spotKey ? this.spotKey(b.code, b.target) : b.key;
        amounts.set(spot, (amounts.get(spot) || 0) + b.stake);
        const name = el("span", {}, b.label, cls === "pending" ? el("span", { class: "tag" }, t("not_sent")) : null);
        list.append(el("li", { class: cls }, name, el("span", {}, this.fmt(b.stake))));
      }
    }
    if (!list.children.length) list.append(el("li", { class: "empty" }, t("no_bets")));
    this.hooks.showChips(amounts);
    const total = acc.reduce((s, b) => s + b.stake, 0) + this.slip.total();
    showAmount("#total-bet", total, this.currency);
    const open = this.bettingOpen();
    $("#undo").disabled = this.slip.isEmpty();
    $("#clear").disabled = this.slip.isEmpty();
    $("#rebet").disabled = !this.slip.last.length || !open;
    $("#double").disabled = (this.slip.isEmpty() && !acc.length && !this.slip.last.length) || !open;
    $("#confirm").disabled = this.slip.isEmpty() || !open || this.sending || !!this.offline;
    const verb = this.verb || t("place_bets");
    $("#confirm").textContent = this.slip.isEmpty() ? verb : `${verb} · ${this.fmt(this.slip.total())}`;
  }

  wire() {
    $("#undo").addEventListener("click", () => this.slip.undo());
    $("#clear").addEventListener("click", () => this.slip.clear());
    $("#rebet").addEventListener("click", () => this.slip.rebet());
    $("#double").addEventListener("click", () => this.slip.double(this.accepted));
    $("#confirm").addEventListener("click", () => this.confirm());
    document.addEventListener("keydown", (e) => {
      if (e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement) return;
      if ((e.ctrlKey || e.metaKey) && e.key === "z") { e.preventDefault(); this.slip.undo(); }
    });
  }

  body(bets) {
    return bets.map((b) => ({ code: b.code, target: b.target ?? [], stake: toMajorString(b.stake, this.currency) }));
  }

  async confirm() {
    const bets = this.slip.bets();
    if (!bets.length || this.sending || this.locked || (!this.solo() && !this.round)) return;
    this.sending = true;
    this.renderSlip();
    try {
      if (this.solo()) {
        await this.hooks.play(this.body(bets), bets);
        this.slip.closeRound(bets);
      } else {
        const roundId = this.round.round_id;
        const sent = this.slip.actions.length;
        const res = await sendOnce((key) => api.betTable(this.tableId, this.body(bets), key));
        this.recordAccepted(res.round_id ?? roundId, res.accepted, res.round_stake_minor);
        this.slip.actions = this.slip.actions.slice(sent);
        if (res.balance) this.setBalance(res.balance);
        toast(`Bets accepted: ${this.fmt(res.accepted.reduce((s, b) => s + b.stake_minor, 0))}`, "info");
      }
    } catch (e) {
      toast(e.message || String(e));
    } finally {
      this.sending = false;
      this.renderSlip();
    }
  }

  recordAccepted(roundId, accepted, roundStake) {
    if (this.acceptedRound !== roundId) { this.accepted = []; this.acceptedRound = roundId; }
    // The HTTP response and the bet_accepted event report the same slip; both carry the round's
    // total stake, so a slip is added only while the record is short of that total.
    const have = this.accepted.reduce((s, b) => s + b.stake, 0);
    if (roundStake !== undefined && have >= roundStake) return;
    for (const a of accepted) this.accepted.push({ code: a.code, target: a.target ?? [], stake: a.stake_minor });
  }

  /** After a reload: the bets already accepted in the open round, from the Games History (000 §10). */
  async restoreAccepted() {
    const r = this.round;
    if (!r || r.state !== "open") return;
    try {
      const { items } = await api.history(5);
      const mine = items.find((h) => h.round_id === r.round_id && h.table_id === this.tableId);
      if (!mine) return;
      const recall = await api.recall(mine.round_id);
      this.recordAccepted(r.round_id, recall.bets, undefined);
      this.renderSlip();
    } catch { /* the slip just starts empty */ }
  }

  async refreshBalance() {
    try { this.setBalance(await api.wallet()); } catch (e) { toast(e.message); }
  }

  setBalance(b) {
    const cur = b.currency || this.currency;
    showBalance(b, this.currency);
    if (cur !== this.currency && !this.mismatch) {
      this.mismatch = true; // docs/api.md: a table plays in one currency (422 currency_mismatch)
      $("#confirm-hint").textContent = `This table plays in ${this.currency}; your account is in ${cur}. Pick a ${cur} table in the lobby.`;
    }
  }

  /** The player's part of a settled round: #result, last win, and the bets Rebet repeats. */
  settle(roundId, outcome, you) {
    showSettlement(roundId, you, this.currency, this.hooks.settlementText(outcome));
    if (you.bets?.length) this.slip.last = you.bets.filter((b) => !b.carried_in).map((b) => ({ code: b.code, target: b.target, stake: b.stake_minor }));
    this.renderSlip();
  }

  // ------------------------------------------------------------ the round clock
  applyRound(round, serverTime) {
    this.clock.syncTo(serverTime);
    this.round = round;
    if (round && this.acceptedRound !== round.round_id) {
      if (this.accepted.length) this.slip.last = this.accepted.map((b) => ({ ...b }));
      this.accepted = [];
      this.acceptedRound = round.round_id;
    }
    if (round && round.state === "open") {
      this.setPhase(t("place_your_bets"));
      this.hooks.setEnabled(true);
      this.startTick();
    } else {
      this.hooks.setEnabled(false);
      this.clock.stop();
      this.setPhase(!round ? t("waiting") : round.state === "closed" ? this.phaseClosed : t("waiting"));
    }
    this.hooks.onRound(round);
    this.renderSlip();
  }

  startTick() {
    let autoSent = false;
    this.clock.start(Date.parse(this.round.closes_at), this.bettingSeconds * 1000, {
      onTick: (ms) => {
        if (!autoSent && ms <= AUTO_CONFIRM_MS && ms > 0 && !this.slip.isEmpty() && token()) {
          autoSent = true;
          this.confirm();
        }
      },
      onEnd: () => { this.hooks.setEnabled(false); this.setPhase(this.phaseClosed); this.renderSlip(); },
    });
  }

  // ------------------------------------------------------------ following a shared table
  follow() {
    if (token()) this.connect();
    else this.poll();
  }

  // Issue 24: the feed reconnects by itself (to another node when the page lists several) and
  // resumes from the last event seen (since=N), so no result or payout is missed.
  connect() {
    let failures = 0;
    const feed = API.followTable(this.tableId, (msg) => this.onEvent(msg), {
      onOpen: (socket) => { this.socket = socket; failures = 0; },
      onDrop: (_ev, refused) => {
        if (refused || ++failures >= 3 * API.nodeOrigins().length) { feed.close(); this.poll(); return; }
        this.setPhase("Reconnecting…");
      },
    });
    this.feed = feed;
    if (!this.pinger) this.pinger = setInterval(() => { if (this.socket?.readyState === WebSocket.OPEN) this.socket.send("ping"); }, 20000);
  }

  /** Follow the table without a WebSocket: GET /api/tables/{id} every second. */
  async poll() {
    for (;;) {
      try {
        const tb = await api.table(this.tableId);
        const r = tb.round;
        const changed = !this.round || !r || r.round_id !== this.round.round_id || r.state !== this.round.state;
        if (changed && (r?.state === "open" || !this.round || this.round.state === "open")) this.applyRound(r, null);
        this.hooks.onPoll(tb);
        this.live.fromTable(tb);
      } catch { /* the next poll will tell */ }
      await sleep(1000);
    }
  }

  onEvent(m) {
    this.live.onEvent(m);
    switch (m.type) {
      case "snapshot":
        this.hooks.onSnapshot(m.table);
        this.applyRound(m.table.round, m.server_time);
        break;
      case "betting_open":
        this.applyRound({ round_id: m.round_id, number: m.number, state: "open", closes_at: m.closes_at, server_seed_hash: m.server_seed_hash }, m.server_time);
        this.hooks.onOpen();
        break;
      case "bet_accepted":
        if (!this.sending) { this.recordAccepted(m.round_id, m.accepted, m.round_stake_minor); this.renderSlip(); }
        break;
      case "no_more_bets":
        if (this.round && this.round.round_id === m.round_id) this.round = { ...this.round, state: "closed" };
        if (!this.slip.isEmpty()) { toast("No more bets: the bets you had not sent were not placed."); this.slip.clear(); }
        this.clock.stop();
        this.hooks.setEnabled(false);
        this.setPhase(this.phaseClosed);
        this.renderSlip();
        break;
      case "result":
        if (this.round && this.round.round_id === m.round_id) this.round = { ...this.round, state: "resulted" };
        this.reveal = this.reveal.then(() => this.hooks.onResult(m));
        break;
      case "settled":
        if (m.you) { const you = m.you; this.reveal.then(() => this.settle(m.round_id, m.outcome, you)); }
        break;
      case "voided":
        this.reveal.then(() => {
          this.setPhase(voidedText(m.reason));
          toast(`Round ${m.round_id} was voided: stakes refunded.`, "info");
        });
        break;
      case "balance": {
        const b = m.balance;
        this.reveal.then(() => this.setBalance(b));
        break;
      }
      default:
        break;
    }
  }
}
