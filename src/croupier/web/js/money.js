// Money is integer minor units (src/croupier/money.py); the client only formats and parses it.
export const EXPONENT = { EUR: 2, UAH: 2, USD: 2, AMD: 0, XXX: 0 };

export function exponent(currency) {
  return EXPONENT[currency] ?? 2;
}

/** Remember a currency's exponent as the server gives it (a description's `currencies`). */
export function learnExponent(currency, e) {
  if (Number.isInteger(e) && e >= 0) EXPONENT[currency] = e;
}

/** "1234" minor EUR -> "12.34"; AMD has no minor unit. */
export function formatMinor(minor, currency) {
  const e = exponent(currency);
  const neg = minor < 0;
  let s = String(Math.abs(Math.trunc(minor)));
  if (e > 0) {
    s = s.padStart(e + 1, "0");
    s = `${s.slice(0, -e).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${s.slice(-e)}`;
  } else {
    s = s.replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  }
  return `${neg ? "−" : ""}${s}`;
}

export function formatMoney(minor, currency) {
  return `${formatMinor(minor, currency)} ${currency}`;
}

/** Short chip face: 100 minor EUR -> "1", 250 -> "2.5", 100000 -> "1k". */
export function chipFace(minor, currency) {
  const major = minor / 10 ** exponent(currency);
  if (major >= 1000) return `${+(major / 1000).toFixed(1)}k`;
  return `${+major.toFixed(2)}`;
}

/**
 * Parse a major-unit amount typed by a person ("12.34") into minor units, exactly (no float).
 * Returns null when the text is not a plain positive amount with at most the currency's decimals.
 */
export function parseMajor(text, currency) {
  const e = exponent(currency);
  const m = String(text).trim().replace(/,/g, "").match(/^(\d+)(?:\.(\d*))?$/);
  if (!m) return null;
  const frac = m[2] || "";
  if (frac.length > e && /[1-9]/.test(frac.slice(e))) return null;
  const minor = BigInt(m[1]) * 10n ** BigInt(e) + BigInt((frac + "0".repeat(e)).slice(0, e) || "0");
  if (minor > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(minor);
}

/** Minor units -> the major-unit decimal string the API takes ("150" EUR -> "1.50"). */
export function toMajorString(minor, currency) {
  const e = exponent(currency);
  const s = String(Math.abs(Math.trunc(minor))).padStart(e + 1, "0");
  return (minor < 0 ? "-" : "") + (e ? `${s.slice(0, -e)}.${s.slice(-e)}` : s);
}

/** The locale money is shown in: the browser's, or the chosen interface language's. */
export function moneyLocale(lang = "en") {
  return lang === "en" ? (navigator.languages?.[0] || navigator.language || "en") : lang;
}

/**
 * The player's local currency format (Intl.NumberFormat with exactly the currency's exponent),
 * fed the exact decimal string (never a float): 123456 minor EUR -> "€1,234.56" / "1 234,56 €".
 */
export function formatLocal(minor, currency, lang = "en") {
  const e = exponent(currency);
  try {
    return new Intl.NumberFormat(moneyLocale(lang), {
      style: "currency", currency, minimumFractionDigits: e, maximumFractionDigits: e,
    }).format(toMajorString(minor, currency));
  } catch {
    return formatMoney(minor, currency); // a code Intl does not know
  }
}
