// The shared draw board's own words (js/draws/board.js) in the shell's table (English, Ukrainian,
// Lithuanian). {word} is the page's name for a draw ("draw", "event"), already translated.
import { addStrings } from "../shell/i18n.js";

addStrings({
  draw_balance: ["Balance:", "Баланс:", "Likutis:"],
  draw_live: ["Live {word}", "{word} наживо", "{word} tiesiogiai"],
  draw_your_tickets: ["Your tickets", "Ваші квитки", "Jūsų bilietai"],
  draw_last: ["Last {word}s", "Останні: {word}", "Paskutiniai: {word}"],
  draw_next: ["Next {word} #{n}: tickets close in {s} s", "Наступна {word} #{n}: квитки до закриття {s} с", "Kitas {word} #{n}: bilietai uždaromi po {s} s"],
  draw_commitment: ["commitment", "зобовʼязання", "įsipareigojimas"],
  draw_log_in: ["Log in to buy tickets.", "Увійдіть, щоб купити квитки.", "Prisijunkite, kad pirktumėte bilietus."],
  draw_no_table: ["No draw table \"{id}\".", "Немає столу тиражів \"{id}\".", "Nėra tiražų stalo \"{id}\"."],
  draw_could_not_load: ["Could not load: {error}", "Не вдалося завантажити: {error}", "Nepavyko įkelti: {error}"],
  draw_ticket: ["Ticket {id}", "Квиток {id}", "Bilietas {id}"],
  draw_ticket_bought: ["Ticket {id}: draws {from}-{to}, {amount}", "Квиток {id}: тиражі {from}-{to}, {amount}", "Bilietas {id}: tiražai {from}-{to}, {amount}"],
  draw_settled_you: ["{word} #{n}: staked {stake}, won {won}", "{word} #{n}: ставка {stake}, виграш {won}", "{word} #{n}: statyta {stake}, laimėta {won}"],
  draw_voided: ["{word} #{n} was voided: {reason}", "{word} #{n} анульовано: {reason}", "{word} #{n} anuliuotas: {reason}"],
  draw_seed: ["Seed", "Зерно", "Sėkla"],
  draw_word: ["Draw", "Тираж", "Tiražas"],
});
