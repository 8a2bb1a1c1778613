// The fixed interface in English, Ukrainian and Lithuanian (the rules documents' languages).
// Game, bet and decision labels come from the server's description; only the shell's own words
// are here. The choice is kept in localStorage; `data-i18n="key"` elements are translated.
const KEY = "croupier.lang";
export const LANGUAGES = { en: "English", uk: "Українська", lt: "Lietuvių" };

const STRINGS = {
  en: {
    balance: "Balance", total_bet: "Total bet", last_win: "Last win", chip: "Chip",
    undo: "Undo", clear: "Clear", rebet: "Rebet", double: "Double", place_bets: "Place bets",
    play: "Play", deal: "Deal", bet_slip: "Bet slip", no_bets: "No bets yet: pick a chip and a bet.",
    not_sent: "not sent", rules: "Rules and paytable", history: "Games History", fair: "Provably fair",
    language: "Language", skip: "Skip the animation", place_then_play: "Place your bets, then play",
    log_in_to_play: "Log in to play", your_decision: "Your decision", round_over: "Round over: place your bets",
    playing: "Playing…", you_win: "You win {amount}", no_win: "No win this time (bet {amount})",
    if_timeout: "If the time runs out: {action}.", target: "Target", seconds_left: "Seconds left:",
    place_your_bets: "Place your bets", no_more_bets: "No more bets", waiting: "Waiting for the next round",
    bet: "Bet", pays: "Pays", server_seed_hash: "Server seed hash", client_seed: "Client seed", nonce: "Next nonce",
    verify_in_account: "Rotate and verify in your account", result: "Result", layout: "Bets",
    round_voided: "Round voided",
  },
  uk: {
    balance: "Баланс", total_bet: "Загальна ставка", last_win: "Останній виграш", chip: "Фішка",
    undo: "Скасувати", clear: "Очистити", rebet: "Повторити", double: "Подвоїти", place_bets: "Зробити ставки",
    play: "Грати", deal: "Роздати", bet_slip: "Ставки", no_bets: "Ставок ще немає: оберіть фішку і ставку.",
    not_sent: "не надіслано", rules: "Правила і виплати", history: "Історія ігор", fair: "Доказово чесна гра",
    language: "Мова", skip: "Пропустити анімацію", place_then_play: "Зробіть ставки й грайте",
    log_in_to_play: "Увійдіть, щоб грати", your_decision: "Ваше рішення", round_over: "Раунд завершено: робіть ставки",
    playing: "Гра…", you_win: "Ви виграли {amount}", no_win: "Цього разу без виграшу (ставка {amount})",
    if_timeout: "Якщо час вийде: {action}.", target: "Ціль", seconds_left: "Залишилось секунд:",
    place_your_bets: "Робіть ставки", no_more_bets: "Ставки зроблено", waiting: "Очікування наступного раунду",
    bet: "Ставка", pays: "Виплата", server_seed_hash: "Хеш серверного зерна", client_seed: "Зерно клієнта", nonce: "Наступний nonce",
    verify_in_account: "Змінити та перевірити в акаунті", result: "Результат", layout: "Ставки",
    round_voided: "Раунд анульовано",
  },
  lt: {
    balance: "Likutis", total_bet: "Bendra statymų suma", last_win: "Paskutinis laimėjimas", chip: "Žetonas",
    undo: "Atšaukti", clear: "Išvalyti", rebet: "Kartoti", double: "Dvigubinti", place_bets: "Statyti",
    play: "Žaisti", deal: "Dalinti", bet_slip: "Statymai", no_bets: "Statymų dar nėra: pasirinkite žetoną ir statymą.",
    not_sent: "neišsiųsta", rules: "Taisyklės ir išmokos", history: "Žaidimų istorija", fair: "Įrodomai sąžininga",
    language: "Kalba", skip: "Praleisti animaciją", place_then_play: "Statykite, tada žaiskite",
    log_in_to_play: "Prisijunkite, kad žaistumėte", your_decision: "Jūsų sprendimas", round_over: "Raundas baigtas: statykite",
    playing: "Žaidžiama…", you_win: "Laimėjote {amount}", no_win: "Šį kartą be laimėjimo (statymas {amount})",
    if_timeout: "Jei laikas baigsis: {action}.", target: "Taikinys", seconds_left: "Liko sekundžių:",
    place_your_bets: "Statykite", no_more_bets: "Statymai priimti", waiting: "Laukiama kito raundo",
    bet: "Statymas", pays: "Išmoka", server_seed_hash: "Serverio sėklos maiša", client_seed: "Kliento sėkla", nonce: "Kitas nonce",
    verify_in_account: "Keisti ir tikrinti paskyroje", result: "Rezultatas", layout: "Statymai",
    round_voided: "Raundas anuliuotas",
  },
};

export function lang() {
  const saved = localStorage.getItem(KEY);
  return STRINGS[saved] ? saved : "en";
}

/** The string `key` in the chosen language (English when missing), `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  const s = STRINGS[lang()][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

/** Translate every `[data-i18n]` element under `root`. */
export function applyStrings(root = document) {
  document.documentElement.lang = lang();
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
}

/** The language picker: a labelled <select>; a change reloads the page in that language. */
export function languageSwitch(container) {
  const id = "lang-select";
  const label = document.createElement("label");
  label.htmlFor = id;
  label.className = "lang-label";
  label.dataset.i18n = "language";
  label.textContent = t("language");
  const select = document.createElement("select");
  select.id = id;
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const o = document.createElement("option");
    o.value = code;
    o.textContent = name;
    o.lang = code;
    select.append(o);
  }
  select.value = lang();
  select.addEventListener("change", () => {
    localStorage.setItem(KEY, select.value);
    applyStrings();
    document.dispatchEvent(new CustomEvent("croupier:lang"));
  });
  container.append(label, select);
}
