// The rising multiplier (issue 17): the server's curve m(t) = floor(100 e^(g t)) / 100, t in seconds
// since the running phase began (growth g and the cap from GET /api/crash/tables/{id}), drawn on a
// canvas. Only a display: the server's receive time decides every cash-out (docs/crash.md).

/** The multiplier in hundredths `ms` milliseconds into the running phase. */
export function hundredthsAt(curve, ms) {
  if (ms <= 0) return 100;
  const cap = Math.round(Number(curve.max_multiplier) * 100);
  return Math.min(cap, Math.floor(100 * Math.exp(curve.growth_per_second * ms / 1000)));
}

export const fmt = (h) => (h / 100).toFixed(2);

/** Draw the curve from 0 to `ms` (and, crashed, in red). */
export function drawCurve(canvas, curve, ms, crashed) {
  const ctx = canvas.getContext("2d");
  const w = canvas.width, h = canvas.height;
  ctx.clearRect(0, 0, w, h);
  if (ms <= 0) return;
  const span = Math.max(ms * 1.25, 4000); // the axes grow with the round
  const top = Math.max(1.5, (hundredthsAt(curve, ms) / 100 - 1) * 1.25 + 1);
  ctx.strokeStyle = "rgba(255,255,255,.15)";
  ctx.beginPath(); ctx.moveTo(0, h - 1); ctx.lineTo(w, h - 1); ctx.stroke();
  ctx.strokeStyle = crashed ? "#ef5350" : "#4db6ac";
  ctx.lineWidth = 3;
  ctx.beginPath();
  const steps = 80;
  for (let i = 0; i <= steps; i++) {
    const t = ms * i / steps;
    const m = Math.min(hundredthsAt(curve, ms), 100 * Math.exp(curve.growth_per_second * t / 1000)) / 100; // smooth line
    const x = (t / span) * w;
    const y = h - ((m - 1) / (top - 1)) * (h - 10) - 1;
    if (i === 0) ctx.moveTo(x, y); else ctx.lineTo(x, y);
  }
  ctx.stroke();
}
