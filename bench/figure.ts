// One figure of `npm run bench` (issue 12): a benchmark of the real server, printed as lines of
// value, target and verdict. Each figure lives in bench/figures/<name>.ts and is listed in
// bench/run.ts; `BENCH_ONLY=<name>[,<name>]` runs some of them.
//
// A figure starts what it measures itself (the real server through bench/real-server.ts, bare
// baselines as child processes), stops everything it started, and answers its lines.

export interface FigureLine {
  /** What was measured, e.g. "read: real server GET balance vs bare node:http". */
  name: string;
  /** The measured value, in `unit`. */
  value: number;
  unit: string;
  /**
   * The target, when the issue sets one: `min` (at least) or `max` (at most). A figure that is only
   * reported (start time, the vanilla baseline) has none.
   */
  target?: { min: number } | { max: number };
  /** Anything worth printing beside the value (the raw numbers of a ratio, a run's errors). */
  detail?: string;
}

export interface Figure {
  /** Short name for BENCH_ONLY and the headings, e.g. "read", "writes", "ticks". */
  name: string;
  /** One line on what it does, printed before it runs. */
  title: string;
  run(): Promise<FigureLine[]>;
}

/** PASS, SHORT, or an empty string for a line without a target. */
export function verdict(line: FigureLine): string {
  if (!line.target) return '';
  if ('min' in line.target) return line.value >= line.target.min ? 'PASS' : 'SHORT';
  return line.value <= line.target.max ? 'PASS' : 'SHORT';
}

/** The printed line: `name  value unit  (target >= x)  PASS`. */
export function render(line: FigureLine): string {
  const value = Number.isInteger(line.value) ? String(line.value) : line.value.toFixed(Math.abs(line.value) < 10 ? 3 : 1);
  const target = line.target ? ('min' in line.target ? `target >= ${line.target.min}` : `target <= ${line.target.max}`) : 'reported';
  const v = verdict(line);
  return `${line.name.padEnd(58)} ${`${value} ${line.unit}`.padStart(16)}   (${target})${v ? `  ${v}` : ''}${line.detail ? `   ${line.detail}` : ''}`;
}

/** A line of a figure's progress, indented under its heading. */
export function log(line: string): void {
  process.stdout.write(`  ${line}\n`);
}
