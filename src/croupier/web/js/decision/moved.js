// blackjack.html and poker.html moved to decision.html (one page for every decision table):
// an old link keeps its query (?variant=..., ?game=...).
const q = new URLSearchParams(location.search);
if (location.pathname.endsWith("/blackjack.html")) q.set("game", "blackjack");
location.replace(`/decision.html?${q}`);
