// The fixed interface in English, Ukrainian and Lithuanian (the rules documents' languages).
// Game, bet and decision labels come from the server's description; only the shell's own words
// are here. The choice is kept in localStorage; `data-i18n="key"` elements are translated.
const KEY = "croupier.lang";
export const LANGUAGES = { en: "English", uk: "Українська", lt: "Lietuvių" };

// key: [English, Ukrainian, Lithuanian]
const STRINGS = {
  balance: ["Balance", "Баланс", "Likutis"],
  total_bet: ["Total bet", "Загальна ставка", "Bendra statymų suma"],
  last_win: ["Last win", "Останній виграш", "Paskutinis laimėjimas"],
  chip: ["Chip", "Фішка", "Žetonas"],
  undo: ["Undo", "Скасувати", "Atšaukti"],
  clear: ["Clear", "Очистити", "Išvalyti"],
  rebet: ["Rebet", "Повторити", "Kartoti"],
  double: ["Double", "Подвоїти", "Dvigubinti"],
  place_bets: ["Place bets", "Зробити ставки", "Statyti"],
  play: ["Play", "Грати", "Žaisti"],
  deal: ["Deal", "Роздати", "Dalinti"],
  bet_slip: ["Bet slip", "Ставки", "Statymai"],
  no_bets: ["No bets yet: pick a chip and a bet.", "Ставок ще немає: оберіть фішку і ставку.", "Statymų dar nėra: pasirinkite žetoną ir statymą."],
  not_sent: ["not sent", "не надіслано", "neišsiųsta"],
  rules: ["Rules and paytable", "Правила і виплати", "Taisyklės ir išmokos"],
  history: ["Games History", "Історія ігор", "Žaidimų istorija"],
  fair: ["Provably fair", "Доказово чесна гра", "Įrodomai sąžininga"],
  language: ["Language", "Мова", "Kalba"],
  skip: ["Skip the animation", "Пропустити анімацію", "Praleisti animaciją"],
  place_then_play: ["Place your bets, then play", "Зробіть ставки й грайте", "Statykite, tada žaiskite"],
  log_in_to_play: ["Log in to play", "Увійдіть, щоб грати", "Prisijunkite, kad žaistumėte"],
  your_decision: ["Your decision", "Ваше рішення", "Jūsų sprendimas"],
  round_over: ["Round over: place your bets", "Раунд завершено: робіть ставки", "Raundas baigtas: statykite"],
  playing: ["Playing…", "Гра…", "Žaidžiama…"],
  you_win: ["You win {amount}", "Ви виграли {amount}", "Laimėjote {amount}"],
  no_win: ["No win this time (bet {amount})", "Цього разу без виграшу (ставка {amount})", "Šį kartą be laimėjimo (statymas {amount})"],
  if_timeout: ["If the time runs out: {action}.", "Якщо час вийде: {action}.", "Jei laikas baigsis: {action}."],
  target: ["Target", "Ціль", "Taikinys"],
  seconds_left: ["Seconds left:", "Залишилось секунд:", "Liko sekundžių:"],
  place_your_bets: ["Place your bets", "Робіть ставки", "Statykite"],
  no_more_bets: ["No more bets", "Ставки зроблено", "Statymai priimti"],
  waiting: ["Waiting for the next round", "Очікування наступного раунду", "Laukiama kito raundo"],
  bet: ["Bet", "Ставка", "Statymas"],
  pays: ["Pays", "Виплата", "Išmoka"],
  server_seed_hash: ["Server seed hash", "Хеш серверного зерна", "Serverio sėklos maiša"],
  client_seed: ["Client seed", "Зерно клієнта", "Kliento sėkla"],
  nonce: ["Next nonce", "Наступний nonce", "Kitas nonce"],
  verify_in_account: ["Rotate and verify in your account", "Змінити та перевірити в акаунті", "Keisti ir tikrinti paskyroje"],
  result: ["Result", "Результат", "Rezultatas"],
  layout: ["Bets", "Ставки", "Statymai"],
  round_voided: ["Round voided", "Раунд анульовано", "Raundas anuliuotas"],
};
const ORDER = Object.keys(LANGUAGES);

/** A page's own rows of the table (key: [English, Ukrainian, Lithuanian]), e.g. js/slot/strings.js. */
export function addStrings(rows) { Object.assign(STRINGS, rows); }

export function lang() {
  const saved = localStorage.getItem(KEY);
  return ORDER.includes(saved) ? saved : "en";
}

/** The string `key` in the chosen language (English when missing), `{name}` filled from `vars`. */
export function t(key, vars = {}) {
  const row = STRINGS[key];
  const s = row ? row[ORDER.indexOf(lang())] ?? row[0] : key;
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
