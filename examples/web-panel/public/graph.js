// Draws the performance graph on a canvas: ticks per second (left axis, 0 to 25, with the
// 20-ticks target dashed) and API requests per second (right axis, scaled to the largest value
// shown), over the last two minutes. A sample without a value leaves a gap in its line rather
// than a drop to zero, so a missed scrape is not mistaken for a stalled server.

const WINDOW_MS = 120_000;
const TPS_MAX = 25;
const PAD = { left: 34, right: 40, top: 10, bottom: 22 };

/** A round upper bound for the requests axis: 1, 2, 5, 10, 20, 50 … */
function niceMax(value) {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (value <= step * power) return step * power;
  return 10 * power;
}

function cssVar(name) {
  return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
}

/** Draws the samples ({ at, tps, rps }) onto the canvas, sized to its box at the screen's density. */
export function drawGraph(canvas, samples, now = Date.now()) {
  const ratio = window.devicePixelRatio || 1;
  const width = canvas.clientWidth;
  const height = canvas.clientHeight;
  if (canvas.width !== Math.round(width * ratio) || canvas.height !== Math.round(height * ratio)) {
    canvas.width = Math.round(width * ratio);
    canvas.height = Math.round(height * ratio);
  }
  const g = canvas.getContext('2d');
  g.setTransform(ratio, 0, 0, ratio, 0, 0);
  g.clearRect(0, 0, width, height);

  const plotW = width - PAD.left - PAD.right;
  const plotH = height - PAD.top - PAD.bottom;
  const x = (at) => PAD.left + plotW * (1 - (now - at) / WINDOW_MS);
  const shown = samples.filter((s) => now - s.at <= WINDOW_MS);
  const rpsMax = niceMax(Math.max(0, ...shown.map((s) => s.rps ?? 0)) * 1.15);
  const yTps = (v) => PAD.top + plotH * (1 - Math.min(v, TPS_MAX) / TPS_MAX);
  const yRps = (v) => PAD.top + plotH * (1 - Math.min(v, rpsMax) / rpsMax);

  const muted = cssVar('--muted');
  const line = cssVar('--line');
  g.font = '11px system-ui, sans-serif';
  g.lineWidth = 1;

  // Grid and axes: five rows, labelled on both sides.
  for (let i = 0; i <= 5; i++) {
    const y = Math.round(PAD.top + (plotH * i) / 5) + 0.5;
    g.strokeStyle = line;
    g.beginPath();
    g.moveTo(PAD.left, y);
    g.lineTo(PAD.left + plotW, y);
    g.stroke();
    g.fillStyle = cssVar('--tps');
    g.textAlign = 'right';
    g.textBaseline = 'middle';
    g.fillText(String(TPS_MAX - (TPS_MAX * i) / 5), PAD.left - 6, y);
    g.fillStyle = cssVar('--rps');
    g.textAlign = 'left';
    const r = rpsMax - (rpsMax * i) / 5;
    g.fillText(Number.isInteger(r) ? String(r) : r.toFixed(1), PAD.left + plotW + 6, y);
  }
  g.fillStyle = muted;
  g.textBaseline = 'top';
  for (const seconds of [120, 90, 60, 30, 0]) {
    g.textAlign = seconds === 120 ? 'left' : seconds === 0 ? 'right' : 'center';
    g.fillText(seconds === 0 ? 'now' : `-${seconds}s`, x(now - seconds * 1000), PAD.top + plotH + 6);
  }

  // The 20 ticks a second the game aims at.
  g.strokeStyle = cssVar('--tps');
  g.globalAlpha = 0.35;
  g.setLineDash([4, 4]);
  g.beginPath();
  g.moveTo(PAD.left, yTps(20));
  g.lineTo(PAD.left + plotW, yTps(20));
  g.stroke();
  g.setLineDash([]);
  g.globalAlpha = 1;

  plot(g, shown, (s) => s.rps, x, yRps, cssVar('--rps'));
  plot(g, shown, (s) => s.tps, x, yTps, cssVar('--tps'));
}

function plot(g, samples, value, x, y, color) {
  g.strokeStyle = color;
  g.fillStyle = color;
  g.lineWidth = 2;
  g.lineJoin = 'round';
  let drawing = false;
  let last;
  g.beginPath();
  for (const s of samples) {
    const v = value(s);
    if (v === null || v === undefined || !Number.isFinite(v)) {
      drawing = false;
      continue;
    }
    if (drawing) g.lineTo(x(s.at), y(v));
    else g.moveTo(x(s.at), y(v));
    drawing = true;
    last = [x(s.at), y(v)];
  }
  g.stroke();
  // The newest value as a dot, so a single sample shows too.
  if (last) {
    g.beginPath();
    g.arc(last[0], last[1], 3, 0, Math.PI * 2);
    g.fill();
  }
}
