// A reader of Prometheus's text exposition format (version 0.0.4), the answer of GET /api/v1/metrics
// (`core.getMetrics()` returns it as `data`): every sample with its labels, each family's TYPE, and
// lookups by name and labels. Label values are read character by character, so the escapes (\\, \",
// \n) come out right whatever follows them: a route label may hold any character. A line the format
// does not allow throws, naming its line number, so "the text parses" is a check of its own.

export interface PrometheusSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface PrometheusScrape {
  samples: PrometheusSample[];
  /** Metric family name → its TYPE (counter, gauge, histogram, …). */
  types: Map<string, string>;
  /** The value of the one sample of that name whose labels include `labels`; undefined when none; throws when several match. */
  value(name: string, labels?: Record<string, string>): number | undefined;
  /** The sum of every sample of that name whose labels include `labels` (0 when none). */
  sum(name: string, labels?: Record<string, string>): number;
  /** Whether a sample of that name (with labels including `labels`) is in the scrape. */
  has(name: string, labels?: Record<string, string>): boolean;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;
const HELP_OR_TYPE = /^#\s*(HELP|TYPE)\s+([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\s+(.*))?$/;
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

export function parsePrometheusText(text: string): PrometheusScrape {
  const samples: PrometheusSample[] = [];
  const types = new Map<string, string>();
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    const fail = (what: string) => new Error(`metrics line ${i + 1} is not ${what}: ${line.slice(0, 120)}`);
    if (line === '') return;
    if (line.startsWith('#')) {
      // Other comments are allowed and ignored; HELP and TYPE must name a metric.
      if (!/^#\s*(HELP|TYPE)\b/.test(line)) return;
      const m = HELP_OR_TYPE.exec(line);
      if (!m) throw fail('a HELP or TYPE line');
      if (m[1] === 'TYPE') {
        const type = (m[3] ?? '').trim();
        if (!TYPES.has(type)) throw fail('a TYPE line with a known type');
        types.set(m[2]!, type);
      }
      return;
    }
    const sample = parseSample(line);
    if (sample === undefined) throw fail('a sample');
    samples.push(sample);
  });
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
    has: (name, labels = {}) => matching(name, labels).length > 0,
  };
}

function parseSample(line: string): PrometheusSample | undefined {
  const name = NAME.exec(line)?.[0];
  if (name === undefined) return undefined;
  let rest = line.slice(name.length);
  // The name ends at a brace or a space: `up-1` is not the sample `up` of value -1.
  if (!rest.startsWith('{') && !/^\s/.test(rest)) return undefined;
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    for (;;) {
      rest = rest.trimStart();
      if (rest.startsWith('}')) {
        rest = rest.slice(1);
        break;
      }
      const key = LABEL_NAME.exec(rest)?.[0];
      if (key === undefined) return undefined;
      rest = rest.slice(key.length).trimStart();
      if (!rest.startsWith('="')) return undefined;
      rest = rest.slice(2);
      let value = '';
      let closed = false;
      for (let i = 0; i < rest.length; i++) {
        const c = rest[i];
        if (c === '\\') {
          const next = rest[++i];
          value += next === 'n' ? '\n' : (next ?? '');
        } else if (c === '"') {
          rest = rest.slice(i + 1).trimStart();
          closed = true;
          break;
        } else value += c;
      }
      if (!closed) return undefined;
      labels[key] = value;
      if (rest.startsWith(',')) rest = rest.slice(1);
      else if (!rest.startsWith('}')) return undefined;
    }
  }
  // The value, then an optional timestamp (milliseconds, an integer).
  const parts = rest.trim().split(/\s+/);
  if (parts.length > 2 || (parts.length === 2 && !/^-?\d+$/.test(parts[1]!))) return undefined;
  const value = parseValue(parts[0] ?? '');
  return value === undefined ? undefined : { name, labels, value };
}

function parseValue(text: string): number | undefined {
  // Prometheus reads these whatever the case (Go's ParseFloat); prom-client writes NaN as `Nan`.
  const lower = text.toLowerCase();
  if (lower === '+inf' || lower === 'inf') return Infinity;
  if (lower === '-inf') return -Infinity;
  if (lower === 'nan') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/**
 * Every series name a scrape exposes or declares: its samples' names, and each family's TYPE with,
 * for a histogram, its _bucket, _sum and _count (a labelled series shows no sample until observed).
 */
export function seriesNames(scrape: PrometheusScrape): Set<string> {
  const names = new Set(scrape.samples.map((s) => s.name));
  for (const [family, type] of scrape.types) {
    names.add(family);
    if (type === 'histogram') for (const suffix of ['_bucket', '_sum', '_count']) names.add(family + suffix);
  }
  return names;
}
