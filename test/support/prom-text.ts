// A small reader of Prometheus's text exposition format (version 0.0.4), for tests that scrape
// GET /api/v1/metrics: every sample with its labels, and each metric's TYPE. It throws on a line
// the format does not allow, so "the text parses" is a check of its own.

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Scrape {
  samples: Sample[];
  /** Metric family name → its TYPE (counter, gauge, histogram, …). */
  types: Map<string, string>;
  /** The value of the one sample of that name whose labels include `labels`; undefined when none. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The sum of every sample of that name whose labels include `labels` (0 when none). */
  sum(name: string, labels?: Record<string, string>): number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

function parseValue(text: string, line: string): number {
  // Prometheus reads these whatever the case (Go's ParseFloat); prom-client writes NaN as `Nan`.
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  const n = Number(text);
  if (Number.isNaN(n)) throw new Error(`not a sample value: ${line}`);
  return n;
}

export function parsePrometheusText(text: string): Scrape {
  const samples: Sample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) ([a-zA-Z_:][a-zA-Z0-9_:]*) ?(.*)$/.exec(line);
      if (!m) throw new Error(`not a comment the format allows: ${line}`);
      if (m[1] === 'TYPE') types.set(m[2]!, m[3]!);
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    const body = m[2] ?? '';
    LABEL.lastIndex = 0;
    while (LABEL.lastIndex < body.length) {
      const l = LABEL.exec(body);
      if (!l) throw new Error(`bad labels in: ${line}`);
      labels[l[1]!] = l[2]!.replace(/\\n/g, '\n').replace(/\\"/g, '"').replace(/\\\\/g, '\\');
    }
    samples.push({ name: m[1]!, labels, value: parseValue(m[3]!, line) });
  }
  const matching = (name: string, labels: Record<string, string>) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return {
    samples,
    types,
    value(name, labels = {}) {
      const found = matching(name, labels);
      if (found.length > 1) throw new Error(`${found.length} samples of ${name} match ${JSON.stringify(labels)}`);
      return found[0]?.value;
    },
    sum: (name, labels = {}) => matching(name, labels).reduce((a, s) => a + s.value, 0),
  };
}

/**
 * Every series name a scrape exposes or declares: its samples' names, and each family's TYPE with,
 * for a histogram, its _bucket, _sum and _count (a labelled series shows no sample until observed).
 */
export function seriesNames(scrape: Scrape): Set<string> {
  const names = new Set(scrape.samples.map((s) => s.name));
  for (const [family, type] of scrape.types) {
    names.add(family);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(family + suffix);
  }
  return names;
}

/**
 * The metric names a PromQL expression uses: the server's (core_…) and prom-client's process and
 * Node ones (process_…, nodejs_…). Label values and Grafana variables are not names.
 */
export function metricNamesIn(expr: string): string[] {
  const outsideStrings = expr.replace(/"(?:[^"\\]|\\.)*"/g, '""');
  return [...new Set(outsideStrings.match(/\b(?:core|process|nodejs)_[a-zA-Z0-9_:]+/g) ?? [])];
}
