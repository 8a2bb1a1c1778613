// Bet sizing limited to what is legal (issue 21): the server's `raise_range` ({min_to_minor,
// max_to_minor}, one value in Fixed Limit) bounds every amount the page offers or sends; the
// presets (min, half pot, pot, max) are clamped into it. Amounts are integer minor units.

/** `to` clamped into the legal range. */
export function clamp(to, range) {
  return Math.min(range.max_to_minor, Math.max(range.min_to_minor, Math.trunc(to)));
}

/** Whether `to` may be sent as it is. */
export function isLegal(to, range) {
  return Number.isInteger(to) && to >= range.min_to_minor && to <= range.max_to_minor;
}

/**
 * The preset sizes: [key, to] for min, half pot, pot and max, clamped, without repeats. A pot
 * raise is to the current bet plus the pot after calling (the Pot Limit maximum's formula).
 */
export function presets(hand, you, range) {
  const toCall = you.to_call_minor || 0;
  const potAfterCall = (hand.pot_minor || 0) + toCall;
  const cb = hand.current_bet_minor || 0;
  const raw = [
    ["cr_min", range.min_to_minor],
    ["cr_half_pot", cb + Math.floor(potAfterCall / 2)],
    ["cr_pot", cb + potAfterCall],
    ["cr_max", range.max_to_minor],
  ];
  const seen = new Set();
  const out = [];
  for (const [key, to] of raw) {
    const v = clamp(to, range);
    if (seen.has(v)) continue;
    seen.add(v);
    out.push([key, v]);
  }
  return out;
}
