// In-browser check of a provably-fair round (rng/fair.py, rng/source.py): the revealed server
// seed hashes to the published commitment, and the first draw of
// HMAC-SHA256(seed, "client_seed:nonce:counter") by rejection sampling gives the pocket.
const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)));

export async function sha256Hex(seedHex) {
  return hex(await crypto.subtle.digest("SHA-256", fromHex(seedHex)));
}

/** A round's byte stream (docs/provably_fair.md steps 4-6; rng/source.py HmacStream). */
export class FairStream {
  constructor(seedHex, clientSeed, nonce) {
    this.seed = fromHex(seedHex);
    this.prefix = `${clientSeed}:${nonce}:`;
    this.key = null;
    this.buf = new Uint8Array(0);
    this.pos = 0;
    this.counter = 0;
  }

  async byte() {
    if (this.pos >= this.buf.length) {
      this.key = this.key || await crypto.subtle.importKey("raw", this.seed, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
      const msg = new TextEncoder().encode(`${this.prefix}${this.counter}`);
      this.buf = new Uint8Array(await crypto.subtle.sign("HMAC", this.key, msg));
      this.counter += 1;
      this.pos = 0;
    }
    this.pos += 1;
    return this.buf[this.pos - 1];
  }

  /** An integer in [0, n) by rejection sampling (no modulo bias); n = 1 reads nothing. */
  async randbelow(n) {
    if (!Number.isSafeInteger(n) || n < 1) throw new Error(`randbelow(${n})`);
    if (n === 1) return 0;
    const bits = (n - 1).toString(2).length;
    const nbytes = Math.ceil(bits / 8);
    const mod = 2 ** bits;
    for (;;) {
      let v = 0;
      for (let i = 0; i < nbytes; i += 1) v = (v * 256 + await this.byte()) % mod;
      if (v < n) return v;
    }
  }

  /** Fisher-Yates (Durstenfeld) in place: for i = n-1 .. 1 swap i with randbelow(i + 1). */
  async shuffle(items) {
    for (let i = items.length - 1; i > 0; i -= 1) {
      const j = await this.randbelow(i + 1);
      [items[i], items[j]] = [items[j], items[i]];
    }
    return items;
  }
}

/** The first `randbelow(n)` of a round's stream. */
export async function firstDraw(seedHex, clientSeed, nonce, n) {
  return new FairStream(seedHex, clientSeed, nonce).randbelow(n);
}

// ---------------------------------------------------------------- shoes of card tables
// docs/provably_fair.md "Shoes of card tables", platform/shoes.py shuffle_cards: the shoe's cards
// in their starting order, shuffled from (server seed, "<table>:shoe:<n>", nonce 0). Card codes
// are rank * 4 + suit (ranks 2..14, suits c d h s: croupier/cards/card.py).
const RANK_CHARS = "23456789TJQKA";
const SUIT_CHARS = "cdhs";
export const cardName = (code) => (code === 60 ? "Jk" : RANK_CHARS[(code >> 2) - 2] + SUIT_CHARS[code & 3]);
const ONE_DECK = Array.from({ length: 52 }, (_, i) => 8 + i);

/**
 * The starting order of a shoe of `decks` 52-card decks: baccarat's table shoe is `decks` decks
 * one after the other (games/baccarat/shoe.py TableShoe.new: cards.deck(decks)); the other shoe
 * games list each card code ascending, `decks` times (the engine's fresh composition).
 */
export function freshShoe(game, decks) {
  if (game === "baccarat") return Array.from({ length: decks }, () => ONE_DECK).flat();
  return ONE_DECK.flatMap((c) => Array(decks).fill(c));
}

/** The shuffled shoe (card names, in dealing order from position 0). */
export async function shuffleShoe(seedHex, clientSeed, game, decks) {
  const cards = await new FairStream(seedHex, clientSeed, 0).shuffle(freshShoe(game, decks));
  return cards.map(cardName);
}
