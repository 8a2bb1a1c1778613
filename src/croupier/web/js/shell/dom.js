// The one DOM helper of every page: el("button", {class, dataset, onclick, ...attrs}, ...children).
// Attributes only (never an inline style or handler in HTML: the Content-Security-Policy is
// script-src 'self'); `on*` keys become event listeners.
export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === "class") e.className = v;
    else if (k === "dataset") Object.assign(e.dataset, v);
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children) if (c !== null && c !== undefined && c !== false) e.append(c);
  return e;
}

export const sleep = (ms) => new Promise((res) => { setTimeout(res, ms); });

const SVG_NS = "http://www.w3.org/2000/svg";
/** An SVG element with attributes (the wheels of the renderers). */
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) e.setAttribute(k, String(v));
  for (const c of children) if (c) e.append(c);
  return e;
}
