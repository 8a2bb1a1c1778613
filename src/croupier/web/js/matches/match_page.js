// The common part of every match board page (backgammon.html, domino.html, belote.html; issue 22,
// docs/pvp_matches.md "Web"): the match from GET /api/matches/{id}/me and its WebSocket
// (`match_state`, with `you`: the seat and, on your turn, the legal actions), the clocks counting
// down from the server's deadline and banks, the score and stake, the buttons for the actions the
// board does not take by click, resignation, and the result panel (winner, payout, rake) at the end.
// A page passes its element prefix (`#<prefix>-status` …), its title, the actions its board
// handles by click, and a `board(page)` function drawing its board; `page.send(name, args)` moves.
import { request, token } from "../api.js";
import { formatMoney } from "../money.js";
import { renderHeader, $ } from "../ui.js";

export const el = (tag, cls, text) => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = String(text);
  return e;
};

export function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}

// opts: {prefix, title(m), clickActions: [names the board takes], board(page), onNewVersion(page),
//        label(action): a button's text}
export function matchPage(opts) {
  const id = (name) => `#${opts.prefix}-${name}`;
  const matchId = Number(new URLSearchParams(location.search).get("match") || 0);
  const page = {
    matchId,
    m: null,
    id,
    me() { return page.m && page.m.you ? page.m.you.seat : null; },
    legal() { return (page.m && page.m.you && page.m.you.legal_actions) || []; },
    status(text) { $(id("status")).textContent = text; },
    async send(name, args) {
      try {
        page.onState(await request("POST", `/api/matches/${matchId}/moves`, { name, args }));
      } catch (e) {
        page.status(String(e.message || e));
        page.render();
      }
    },
    onState(m) {
      if (!m || typeof m !== "object") return;
      if (page.m && m.version < page.m.version) return; // an older message
      const changed = !page.m || m.version !== page.m.version;
      page.m = m;
      if (changed && opts.onNewVersion) opts.onNewVersion(page);
      page.render();
    },
    render() {
      const m = page.m;
      if (!m) return;
      const me = page.me();
      $(id("title")).textContent = opts.title(m);
      $(id("score")).textContent = m.score ? (me === 1 ? [m.score[1], m.score[0]] : m.score).join(" : ") : "–";
      $(id("stake")).textContent = formatMoney(m.stake_minor, m.currency);
      const yourTurn = m.status === "playing" && me !== null && m.turn_seat === me;
      const status = $(id("status"));
      status.textContent = m.status === "playing" ? (yourTurn ? "Your turn" : "Opponent's turn") : `Match ${m.status}`;
      status.dataset.turn = yourTurn ? "you" : "them";
      const box = $(id("actions"));
      box.replaceChildren();
      for (const a of page.legal().filter((x) => !(opts.clickActions || []).includes(x.name))) {
        const btn = el("button", "match-act", opts.label ? opts.label(a) : a.name.replace("_", " "));
        btn.type = "button";
        btn.dataset.action = a.name;
        btn.addEventListener("click", () => page.send(a.name, a.args));
        box.append(btn);
      }
      $(id("resign")).hidden = !(m.status === "playing" && me !== null);
      opts.board(page);
      renderClocks();
      renderResult();
    },
  };

  function renderClocks() {
    const m = page.m;
    if (!m) return;
    const me = page.me() ?? 0;
    const banks = m.bank_ms.slice();
    let moveLeft = null;
    if (m.status === "playing" && m.turn_seat !== null && m.deadline && m.turn_started_at) {
      const used = Date.now() - Date.parse(m.turn_started_at);
      banks[m.turn_seat] = Math.max(0, banks[m.turn_seat] - used);
      moveLeft = Math.max(0, Date.parse(m.deadline) - Date.now());
    }
    const show = (seat) => `${clockText(banks[seat])}${moveLeft !== null && m.turn_seat === seat ? ` (move ${clockText(moveLeft)})` : ""}`;
    $(id("clock-you")).textContent = show(me);
    $(id("clock-them")).textContent = show(1 - me);
  }

  function renderResult() {
    const m = page.m;
    if (m.status !== "done" || !m.result) return;
    const r = m.result;
    const me = page.me();
    // what the winner takes back of the escrow for the match (his charges are not part of it)
    const paid = (r.settlement.bets.find((x) => x.bet_id === r.winner_seat && (x.code || "match") === "match") || { returned: 0 }).returned;
    const who = r.winner_seat === null ? "Void: every stake returned" : r.winner_seat === me ? "You won" : "You lost";
    const res = $(id("result"));
    res.textContent = `${who} (${r.how}). Payout ${formatMoney(paid, m.currency)}, rake ${formatMoney(r.rake_minor, m.currency)}.`;
    res.dataset.payout = String(paid);
    res.dataset.rake = String(r.rake_minor);
    res.dataset.winner = String(r.winner_seat);
  }

  function openSocket() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/api/matches/${matchId}/ws`);
    ws.addEventListener("open", () => { const t = token(); if (t) ws.send(JSON.stringify({ type: "auth", token: t })); });
    ws.addEventListener("message", (ev) => {
      let msg;
      try { msg = JSON.parse(ev.data); } catch { return; }
      if (msg && msg.type === "match_state") {
        const m = msg.match;
        if (msg.you !== undefined) m.you = msg.you;
        else if (page.m && page.m.you && m.you === null && token()) return; // the public snapshot
        page.onState(m);
      }
    });
  }

  page.start = async (setup) => {
    renderHeader("table");
    if (!matchId) { page.status(`No match: open ${location.pathname}?match=ID`); return; }
    try {
      page.onState(await request("GET", `/api/matches/${matchId}${token() ? "/me" : ""}`));
    } catch (e) {
      page.status(String(e.message || e));
      return;
    }
    if (setup) setup(page);
    $(id("resign")).addEventListener("click", async () => {
      try { page.onState(await request("POST", `/api/matches/${matchId}/resign`, {})); } catch (e) { page.status(String(e.message || e)); }
    });
    openSocket();
    setInterval(renderClocks, 500);
  };
  return page;
}
