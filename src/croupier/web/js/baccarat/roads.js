// The scoreboards drawn from the server's cells (croupier/games/baccarat/roads.py computes them):
// bead plate (every coup, ties included, columns top to bottom) and big road (one column per
// streak, ties counted on the last win, dragon tails turning right).
const SIDE = {
  player: ["P", "Player"], banker: ["B", "Banker"], tie: ["T", "Tie"],
  dragon: ["D", "Dragon"], tiger: ["T", "Tiger"], home: ["H", "Home"], away: ["A", "Away"],
};

function sideOf(winner) { return SIDE[winner] || [winner.slice(0, 1).toUpperCase(), winner]; }

function describe(cell) {
  const parts = [sideOf(cell.winner)[1]];
  if (cell.player_pair) parts.push("player pair");
  if (cell.banker_pair) parts.push("banker pair");
  if (cell.ties) parts.push(`${cell.ties} tie${cell.ties > 1 ? "s" : ""}`);
  return parts.join(", ");
}

/** Draw one road into an <ol>; `kind` is "bead" (letters in discs) or "big" (rings). */
export function drawRoad(ol, cells, rows, kind) {
  ol.replaceChildren();
  const cols = Math.max(12, ...cells.map((c) => c.col + 1));
  ol.style.setProperty("--cols", String(cols));
  ol.style.setProperty("--rows", String(rows));
  for (const [i, c] of cells.entries()) {
    const li = document.createElement("li");
    li.className = `road-cell ${c.winner}`;
    li.style.gridColumn = String(c.col + 1);
    li.style.gridRow = String(c.row + 1);
    li.dataset.col = String(c.col);
    li.dataset.row = String(c.row);
    li.dataset.winner = c.winner;
    const where = kind === "bead" ? `coup ${i + 1}` : `column ${c.col + 1}, row ${c.row + 1}`;
    li.setAttribute("aria-label", `${where}: ${describe(c)}`);
    const mark = document.createElement("span");
    mark.setAttribute("aria-hidden", "true");
    mark.textContent = kind === "bead" ? sideOf(c.winner)[0] : (c.ties ? String(c.ties) : "");
    li.append(mark);
    if (c.player_pair) li.classList.add("ppair");
    if (c.banker_pair) li.classList.add("bpair");
    if (c.ties) li.classList.add("has-ties");
    ol.append(li);
  }
}

/** "Player 5 · Banker 7 · Tie 1" from the bead plate (every coup). */
export function summary(cells) {
  const n = new Map();
  for (const c of cells) n.set(c.winner, (n.get(c.winner) || 0) + 1);
  return [...n].map(([w, k]) => `${sideOf(w)[1]} ${k}`).join(" · ");
}
