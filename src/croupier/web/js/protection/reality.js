// The reality check (001 §10.3): after every 60 minutes of continuous play a notice with the
// hours played. Polls while a player is logged in; "Continue" acknowledges the notice.
import { token } from "../api.js";
import { protection } from "./client.js";

const POLL_MS = 30_000;
let open = false;

function dialog() {
  let d = document.getElementById("reality-check");
  if (d) return d;
  d = document.createElement("dialog");
  d.id = "reality-check";
  d.className = "reality";
  d.setAttribute("aria-labelledby", "reality-title");
  d.innerHTML = `<h2 id="reality-title">Reality check</h2><p id="reality-message"></p>
    <div class="row"><button type="button" class="primary" id="reality-continue">Continue playing</button>
    <a href="/limits.html">Take a break / set limits</a></div>`;
  document.body.append(d);
  d.querySelector("#reality-continue").addEventListener("click", async () => {
    try { await protection.ackRealityCheck(); } catch { /* shown again next poll */ }
    d.close();
    open = false;
  });
  return d;
}

export async function checkNow() {
  if (!token() || open) return null;
  let rc;
  try { rc = await protection.realityCheck(); } catch { return null; }
  if (rc.due) {
    const d = dialog();
    d.querySelector("#reality-message").textContent =
      `You have been playing for ${rc.hours_played} hour${rc.hours_played === 1 ? "" : "s"} ` +
      `(${rc.minutes_played} minutes) without a break.`;
    d.dataset.hours = String(rc.hours_played);
    open = true;
    if (typeof d.showModal === "function") d.showModal(); else d.setAttribute("open", "");
  }
  return rc;
}

if (token()) {
  checkNow();
  setInterval(checkNow, POLL_MS);
}
