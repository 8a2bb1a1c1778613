// decision.html?game=blackjack|casino_holdem|three_card_poker[&variant=...]: the decision table
// of that game with its own layout (js/decision/blackjack.js, js/decision/poker.js).
const game = new URLSearchParams(location.search).get("game");
import(game === "blackjack" ? "./blackjack.js" : "./poker.js");
