// The countdown of every page (#countdown, role="timer", and its bar #countdown-bar): the betting
// window of a table round (`closes_at` corrected by the server's clock) or a decision's timer.
const $ = (sel) => document.querySelector(sel);

export class Countdown {
  constructor() {
    this.offset = 0; // server time minus local time, ms
    this.timer = null;
    this.deadline = null; // epoch ms, server clock
  }

  syncTo(serverTime) { if (serverTime) this.offset = Date.parse(serverTime) - Date.now(); }

  remainingMs() {
    return this.deadline === null ? 0 : this.deadline - (Date.now() + this.offset);
  }

  /** Run until `deadline` (epoch ms on the server's clock) over a window of `totalMs`; `onTick(ms)` each step, `onEnd()` once. */
  start(deadline, totalMs, { onTick = () => {}, onEnd = () => {} } = {}) {
    this.stop();
    this.deadline = deadline;
    let ended = false;
    const step = () => {
      if (ended) return;
      const ms = Math.max(0, this.remainingMs());
      $("#countdown").textContent = String(Math.ceil(ms / 1000));
      $("#countdown-bar").style.width = `${Math.min(100, (ms / totalMs) * 100)}%`;
      onTick(ms);
      if (ms <= 0) { ended = true; this.stop(false); onEnd(); }
    };
    this.timer = setInterval(step, 200);
    step();
  }

  stop(clear = true) {
    clearInterval(this.timer);
    this.timer = null;
    if (clear) this.deadline = null;
    $("#countdown").textContent = "–";
    $("#countdown-bar").style.width = "0";
  }
}
