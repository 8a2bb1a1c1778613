// Shared page chrome: the header (navigation, who is logged in) and the toast.
import { api, forgetSession, savedPlayer, token } from "./api.js";

export function $(sel, root = document) { return root.querySelector(sel); }

export function renderHeader(current) {
  const header = document.getElementById("site-header");
  if (!header) return;
  const player = token() ? savedPlayer() : null;
  const link = (href, text, id) =>
    `<li><a href="${href}"${current === id ? ' aria-current="page"' : ""}>${text}</a></li>`;
  header.innerHTML = `
    <a class="brand" href="/">CROUPIER</a>
    <nav aria-label="Main"><ul>${link("/", "Lobby", "lobby")}${link("/account.html", "Account", "account")}${link("/limits.html", "Responsible gaming", "limits")}</ul></nav>
    <div class="who">${player
    ? `<span>Signed in as <strong id="who-login"></strong></span><button type="button" id="logout">Log out</button>`
    : `<a href="/account.html">Log in or register</a>`}</div>`;
  if (player) {
    header.querySelector("#who-login").textContent = player.login;
    header.querySelector("#logout").addEventListener("click", async () => {
      try { await api.logout(); } catch { /* the session may already be gone */ }
      forgetSession();
      location.reload();
    });
  }
}

let toastTimer = null;
export function toast(message, kind = "error") {
  const t = document.getElementById("toast");
  if (!t) return;
  t.textContent = message;
  t.className = `toast show ${kind === "info" ? "info" : ""}`;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { t.className = "toast"; }, 5000);
}
