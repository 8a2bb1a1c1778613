// The HTTP client of docs/api.md: bearer token, an Idempotency-Key on every state-changing
// request (the same key when a user action is retried), problem details turned into ApiError.
const TOKEN_KEY = "croupier.token";
const PLAYER_KEY = "croupier.player";

export class ApiError extends Error {
  constructor(status, problem) {
    super(problem?.detail || problem?.title || `HTTP ${status}`);
    this.status = status;
    this.code = problem?.code || "http_error";
    this.problem = problem;
  }
}

export function token() { return localStorage.getItem(TOKEN_KEY); }
export function savedPlayer() {
  try { return JSON.parse(localStorage.getItem(PLAYER_KEY) || "null"); } catch { return null; }
}
export function saveSession(session) {
  localStorage.setItem(TOKEN_KEY, session.token);
  localStorage.setItem(PLAYER_KEY, JSON.stringify(session.player));
}
export function forgetSession() {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(PLAYER_KEY);
}

export function newKey() {
  if (crypto.randomUUID) return crypto.randomUUID();
  const b = crypto.getRandomValues(new Uint8Array(16));
  return [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/**
 * One request. `key` is the Idempotency-Key of the user action (a fresh one is made for a
 * state-changing method when none is given). A network failure is retried once with the same key,
 * so a request that did reach the server is not done twice.
 */
export async function request(method, path, body, { key, auth = true } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const t = token();
  if (auth && t) headers.Authorization = `Bearer ${t}`;
  if (method !== "GET") headers["Idempotency-Key"] = key || newKey();
  const init = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
  let res;
  try {
    res = await fetch(path, init);
  } catch {
    res = await fetch(path, init); // same Idempotency-Key: replayed, never done twice
  }
  if (res.status === 204) return null;
  const text = await res.text();
  let data = null;
  try { data = text ? JSON.parse(text) : null; } catch { data = { detail: text }; }
  if (!res.ok) {
    if (res.status === 401 && auth && t) forgetSession();
    throw new ApiError(res.status, data);
  }
  return data;
}

export const api = {
  games: () => request("GET", "/api/games", undefined, { auth: false }),
  variant: (game, variant) => request("GET", `/api/games/${encodeURIComponent(game)}/variants/${encodeURIComponent(variant)}`, undefined, { auth: false }),
  tables: () => request("GET", "/api/tables", undefined, { auth: false }),
  table: (id) => request("GET", `/api/tables/${encodeURIComponent(id)}`, undefined, { auth: false }),
  register: (body, key) => request("POST", "/api/players", body, { key, auth: false }),
  login: (body, key) => request("POST", "/api/sessions", body, { key, auth: false }),
  logout: () => request("DELETE", "/api/sessions/current"),
  me: () => request("GET", "/api/me"),
  wallet: () => request("GET", "/api/wallet"),
  deposit: (amount, key) => request("POST", "/api/deposits", { amount }, { key }),
  depositStatus: (id) => request("GET", `/api/deposits/${id}`),
  deposits: () => request("GET", "/api/deposits"),
  withdraw: (amount, key) => request("POST", "/api/withdrawals", { amount }, { key }),
  withdrawals: () => request("GET", "/api/withdrawals"),
  history: (limit = 50, before) => request("GET", `/api/history?limit=${limit}${before ? `&before=${before}` : ""}`),
  recall: (id) => request("GET", `/api/history/${id}`),
  fairness: () => request("GET", "/api/fairness"),
  setClientSeed: (seed, key) => request("PUT", "/api/fairness/client-seed", { client_seed: seed }, { key }),
  rotate: (key) => request("POST", "/api/fairness/rotate", {}, { key }),
  betTable: (id, bets, key) => request("POST", `/api/tables/${encodeURIComponent(id)}/bets`, { bets }, { key }),
  playRound: (game, variant, bets, key) => request("POST", "/api/rounds", { game, variant, bets }, { key }),
};

/**
 * Open a table's WebSocket (docs/api.md "Shared tables"). The session token never goes in the
 * URL: when logged in, the first message is {"type": "auth", "token": ...}; the server answers
 * {"type": "auth", "ok": true} or closes with 4401. A guest sends nothing and gets the table's
 * public events. Every other message is parsed and handed to onMessage. Returns the WebSocket.
 *
 * Issue 24: `since` (the number `seq` of the last table event seen) makes the server first send
 * every event numbered above it; it waits for the socket's first message to do so, so a resuming
 * guest sends "ping" at once. `origin` picks the node (default: this page's).
 */
export function openTableSocket(tableId, onMessage, { since = null, origin = location.origin } = {}) {
  const node = new URL(origin);
  const proto = node.protocol === "https:" ? "wss:" : "ws:";
  const query = since == null ? "" : `?since=${encodeURIComponent(since)}`;
  const socket = new WebSocket(`${proto}//${node.host}/api/tables/${encodeURIComponent(tableId)}/ws${query}`);
  socket.addEventListener("open", () => {
    const t = token();
    if (t) socket.send(JSON.stringify({ type: "auth", token: t }));
    else if (since != null) socket.send("ping");
  });
  socket.addEventListener("message", (ev) => {
    let msg;
    try { msg = JSON.parse(ev.data); } catch { return; }
    if (msg && msg.type === "auth") return;
    onMessage(msg);
  });
  return socket;
}

/**
 * The nodes a table socket may use, in order (issue 24): the origins listed in
 * <meta name="croupier-nodes" content="https://a.example,https://b.example">, else this page's.
 */
export function nodeOrigins() {
  const meta = document.querySelector('meta[name="croupier-nodes"]');
  const list = (meta?.content || "").split(",").map((s) => s.trim()).filter(Boolean);
  return list.length ? list : [location.origin];
}

/**
 * Follow a table through dropped connections (issue 24): when the socket closes (its node died,
 * the network blinked) it reopens on the next node of `nodes` (the same origin when there is only
 * one) with since=<the last event number seen>, so the events missed in between arrive first and
 * none twice. A refusal (4400, 4401, 4404) is not retried. `onOpen(socket)` on each socket
 * opened, `onDrop(event, refused)` on each close. Returns { socket, lastSeq, close() }.
 */
export function followTable(tableId, onMessage, { onOpen, onDrop, nodes = nodeOrigins() } = {}) {
  let lastSeq = null;
  let socket = null;
  let node = 0;
  let retry = 0;
  let closed = false;
  const seen = (msg) => {
    if (msg.type === "snapshot") {
      if (lastSeq == null && typeof msg.seq === "number") lastSeq = msg.seq;
    } else if (msg.type === "gap") {
      lastSeq = msg.restarted ? 0 : msg.to; // what is lost is lost: the snapshot tells the rest
    } else if (typeof msg.seq === "number") {
      if (lastSeq != null && msg.seq <= lastSeq) return; // already had it
      lastSeq = msg.seq;
    }
    onMessage(msg);
  };
  const open = () => {
    socket = openTableSocket(tableId, seen, { since: lastSeq, origin: nodes[node % nodes.length] });
    socket.addEventListener("open", () => { retry = 0; if (onOpen) onOpen(socket); });
    socket.addEventListener("close", (ev) => {
      if (closed) return;
      const refused = [4400, 4401, 4404].includes(ev.code);
      if (onDrop) onDrop(ev, refused);
      if (refused || closed) return;
      node += 1;
      retry = Math.min(retry + 1, 5);
      // another node at once; the same one (or a full turn) after a growing pause
      setTimeout(open, nodes.length > 1 && retry < nodes.length ? 100 : 250 * 2 ** retry);
    });
  };
  open();
  return {
    get socket() { return socket; },
    get lastSeq() { return lastSeq; },
    close() { closed = true; if (socket) socket.close(); },
  };
}
