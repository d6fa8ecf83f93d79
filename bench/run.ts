// `npm run bench`: the benchmarks of the real server (game server, plugin and add-on in one process,
// as `npm start` runs them), side by side with bare baselines on the same machine, one line per
// figure: value, target, PASS or SHORT (docs/performance.md has the results and how to reproduce
// each). Never part of `npm test`. BENCH_ONLY=<name>[,<name>] runs some figures only.

import { render, verdict, type Figure, type FigureLine } from './figure.ts';
import { memoryFigure } from './figures/memory.ts';
import { growthFigure } from './figures/growth.ts';
import { readFigure } from './figures/read.ts';
import { startFigure } from './figures/start.ts';
import { eventsFigure } from './figures/events.ts';
import { writesFigure } from './figures/writes.ts';
import { ticksFigure } from './figures/ticks.ts';

const FIGURES: readonly Figure[] = [readFigure, writesFigure, eventsFigure, ticksFigure, growthFigure, memoryFigure, startFigure];

const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim()).filter(Boolean);
const unknown = only?.filter((n) => !FIGURES.some((f) => f.name === n)) ?? [];
if (unknown.length > 0) {
  process.stderr.write(`BENCH_ONLY names no figure: ${unknown.join(', ')} (figures: ${FIGURES.map((f) => f.name).join(', ')})\n`);
  process.exit(2);
}
const chosen = FIGURES.filter((f) => !only || only.includes(f.name));

const results: Array<{ figure: Figure; lines: FigureLine[] }> = [];
for (const figure of chosen) {
  process.stdout.write(`\n== ${figure.name}: ${figure.title}\n`);
  try {
    results.push({ figure, lines: await figure.run() });
  } catch (e) {
    process.stdout.write(`  the figure could not be measured: ${(e as Error).stack ?? String(e)}\n`);
    results.push({ figure, lines: [{ name: `${figure.name}: could not be measured`, value: 1, unit: 'failure', target: { max: 0 } }] });
  }
}

process.stdout.write(`\nResults (${new Date().toISOString()}, Node ${process.version}):\n`);
for (const { lines } of results) for (const line of lines) process.stdout.write(`${render(line)}\n`);
if (results.some(({ lines }) => lines.some((l) => verdict(l) === 'SHORT'))) process.exitCode = 1;
