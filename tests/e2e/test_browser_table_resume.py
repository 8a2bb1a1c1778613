"""Issue 24 point 1: the web client's table feed (``followTable`` in ``js/api.js``), in a real
browser: when its socket drops it reopens on the next node listed in
``<meta name="croupier-nodes">`` with ``since=<last seq seen>``, sends its auth first, hands
each event on once (a replayed event already seen is dropped), and does not retry a refusal.
The WebSocket is a stand-in recording what the client asks for (the server's side of the resume
is tests/test_issue24_resume.py and tests/test_issue24_nodes.py)."""

from __future__ import annotations

from typing import Any

FAKE = """
window.sockets = [];
class FakeSocket extends EventTarget {
  constructor(url) { super(); this.url = url; this.sent = []; this.readyState = 0; window.sockets.push(this); }
  send(data) { this.sent.push(data); }
  close() { this.readyState = 3; }
  open() { this.readyState = 1; this.dispatchEvent(new Event("open")); }
  push(msg) { const e = new Event("message"); e.data = JSON.stringify(msg); this.dispatchEvent(e); }
  drop(code) { this.readyState = 3; const e = new Event("close"); e.code = code; this.dispatchEvent(e); }
}
FakeSocket.OPEN = 1;
window.WebSocket = FakeSocket;
localStorage.setItem("croupier.token", "tok-1");
"""


def _setup(page: Any, static_url: str) -> None:
    page.goto(f"{static_url}/js/money.js")  # any page of the origin, no script running
    page.evaluate("""() => {
      const m = document.createElement("meta");
      m.name = "croupier-nodes";
      m.content = "http://node-a.test:8001,http://node-b.test:8002";
      document.head.appendChild(m);
    }""")
    page.evaluate(FAKE)


def test_issue24_1_the_feed_resumes_on_the_next_node_with_since_and_drops_duplicates(
        page: Any, static_url: str) -> None:
    _setup(page, static_url)
    got = page.evaluate("""async () => {
      const api = await import("/js/api.js");
      window.events = [];
      window.feed = api.followTable("european-eur", (m) => window.events.push(m));
      const first = window.sockets[0];
      first.open();
      first.push({type: "snapshot", seq: 10, table: {}});
      first.push({type: "betting_open", round_id: 5, seq: 11});
      first.push({type: "no_more_bets", round_id: 5, seq: 12});
      first.drop(1006);  // the node died
      await new Promise((r) => setTimeout(r, 400));
      const second = window.sockets[1];
      second.open();
      second.push({type: "snapshot", seq: 14, table: {}});
      second.push({type: "no_more_bets", round_id: 5, seq: 12});  // already had it
      second.push({type: "result", round_id: 5, seq: 13});
      second.push({type: "settled", round_id: 5, seq: 14, you: {net_minor: 100}});
      return {urls: window.sockets.map((s) => s.url), sent: window.sockets.map((s) => s.sent),
              seqs: window.events.map((m) => m.seq), last: window.feed.lastSeq};
    }""")
    assert got["urls"][0] == "ws://node-a.test:8001/api/tables/european-eur/ws"
    assert got["urls"][1] == "ws://node-b.test:8002/api/tables/european-eur/ws?since=12"
    token = got["sent"][0][0]
    assert '"type":"auth"' in token and got["sent"][1] == [token]  # auth first, on each socket
    assert got["seqs"] == [10, 11, 12, 14, 13, 14] and got["last"] == 14
    assert not page.errors


def test_issue24_1_the_feed_does_not_retry_a_refusal(page: Any, static_url: str) -> None:
    _setup(page, static_url)
    count = page.evaluate("""async () => {
      const api = await import("/js/api.js");
      api.followTable("european-eur", () => {});
      window.sockets[0].drop(4401);  // a bad token: a refusal, not a drop
      await new Promise((r) => setTimeout(r, 400));
      return window.sockets.length;
    }""")
    assert count == 1
