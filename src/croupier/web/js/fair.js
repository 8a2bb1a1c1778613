// In-browser check of a provably-fair round (rng/fair.py, rng/source.py): the revealed server
// seed hashes to the published commitment, and the first draw of
// HMAC-SHA256(seed, "client_seed:nonce:counter") by rejection sampling gives the pocket.
const hex = (buf) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, "0")).join("");
const fromHex = (h) => new Uint8Array(h.match(/../g).map((x) => parseInt(x, 16)));

export async function sha256Hex(seedHex) {
  return hex(await crypto.subtle.digest("SHA-256", fromHex(seedHex)));
}

/** The first `randbelow(n)` of a round's stream. */
export async function firstDraw(seedHex, clientSeed, nonce, n) {
  const key = await crypto.subtle.importKey("raw", fromHex(seedHex), { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
  const bits = (n - 1).toString(2).length;
  const nbytes = Math.ceil(bits / 8);
  const mask = 2 ** bits - 1;
  let buf = new Uint8Array(0);
  let pos = 0;
  let counter = 0;
  const read = async (k) => {
    const out = [];
    while (out.length < k) {
      if (pos >= buf.length) {
        const msg = new TextEncoder().encode(`${clientSeed}:${nonce}:${counter}`);
        buf = new Uint8Array(await crypto.subtle.sign("HMAC", key, msg));
        counter += 1;
        pos = 0;
      }
      out.push(buf[pos]);
      pos += 1;
    }
    return out;
  };
  for (let guard = 0; guard < 10000; guard++) {
    const bytes = await read(nbytes);
    const v = bytes.reduce((acc, b) => acc * 256 + b, 0) % (mask + 1);
    if (v < n) return v;
  }
  throw new Error("no draw");
}
