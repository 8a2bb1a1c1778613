// domino.html?match=ID: a domino match between two players (issue 22; docs/pvp_matches.md "Web").
// The common match page (state, socket, clocks, actions, result): ./match_page.js. A step is made
// by clicking one of your bones that can be played and then, when it fits more than one open end,
// the end to put it on. Drawing from the Reserve and passing are automatic (the engine's).
import { $ } from "../ui.js";
import { el, matchPage } from "./match_page.js";

const st = { picked: null };

const page = matchPage({
  prefix: "dm",
  title: (m) => `Domino (${m.variant}) · match ${m.id}`,
  clickActions: ["play"],
  board: renderBoard,
  onNewVersion: () => { st.picked = null; },
});

const key = (b) => `${b[0]}:${b[1]}`;
function plays() { return page.legal().filter((a) => a.name === "play").map((a) => a.args); }
function playsOf(bone) { return plays().filter((a) => key(a.bone) === key(bone)); }

function renderBoard() {
  const m = page.m;
  const pub = (m && m.public) || {};
  const me = page.me() ?? 0;
  const layout = pub.layout || [[], 0, null, false];
  $("#dm-down").textContent = String(layout[1]);
  $("#dm-them").textContent = pub.hand_counts ? String(pub.hand_counts[1 - me]) : "–";
  $("#dm-reserve").textContent = pub.reserve_count !== undefined ? String(pub.reserve_count) : "–";
  const ends = $("#dm-layout");
  ends.replaceChildren();
  const picked = st.picked ? playsOf(st.picked) : [];
  if (layout[1] === 0) ends.append(el("span", "", "The table is empty: the first step"));
  layout[0].forEach((end, k) => {
    const b = el("button", "dm-end", `${end[0]}${end[1] ? " (double)" : ""}`);
    b.type = "button";
    b.dataset.end = String(k);
    b.disabled = !picked.some((a) => a.end === k);
    b.addEventListener("click", () => { const bone = st.picked; st.picked = null; page.send("play", { bone, end: k }); });
    ends.append(b);
  });
  const hand = $("#dm-hand");
  hand.replaceChildren();
  hand.dataset.legal = JSON.stringify(plays());
  for (const bone of (m.you && m.you.hand) || []) {
    const b = el("button", "dm-bone", key(bone));
    b.type = "button";
    b.dataset.bone = key(bone);
    if (playsOf(bone).length) b.classList.add("playable");
    if (st.picked && key(st.picked) === key(bone)) b.classList.add("picked");
    b.addEventListener("click", () => clickBone(bone));
    hand.append(b);
  }
}

function clickBone(bone) {
  const options = playsOf(bone);
  if (!options.length) return;
  if (options.length === 1) { st.picked = null; page.send("play", options[0]); return; }
  st.picked = bone;
  page.render();
}

page.start();
