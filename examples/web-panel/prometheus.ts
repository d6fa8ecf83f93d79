// A small reader of the Prometheus text exposition format (version 0.0.4), enough for the two
// series the panel graphs: the gauge `core_ticks_per_second` and the counter
// `core_api_requests_total{method,route,status}`. Comment and TYPE/HELP lines are skipped; label
// values are unescaped (\\, \", \n) because a route label may hold any character.

export interface PromSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*/;

/** Every sample in the text; a line that cannot be read throws, naming its line number. */
export function parsePrometheus(text: string): PromSample[] {
  const samples: PromSample[] = [];
  text.split('\n').forEach((raw, i) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const sample = parseLine(line);
    if (sample === undefined) throw new Error(`metrics line ${i + 1} is not a sample: ${line.slice(0, 80)}`);
    samples.push(sample);
  });
  return samples;
}

function parseLine(line: string): PromSample | undefined {
  const name = NAME.exec(line)?.[0];
  if (name === undefined) return undefined;
  let rest = line.slice(name.length);
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
  // The value, then an optional timestamp the panel does not need.
  const [valueText] = rest.trim().split(/\s+/);
  const value = parseValue(valueText ?? '');
  return value === undefined ? undefined : { name, labels, value };
}

function parseValue(text: string): number | undefined {
  if (text === '+Inf' || text === 'Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (text === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) return undefined;
  return Number(text);
}

/** What one scrape of `GET /api/v1/metrics` says about the two series the panel graphs. */
export interface CoreMetrics {
  /** The gauge; null when the text does not hold it. */
  ticksPerSecond: number | null;
  /** The sum of the counter over every method, route and status; null when absent. */
  requestsTotal: number | null;
}

export function readCoreMetrics(text: string): CoreMetrics {
  let ticksPerSecond: number | null = null;
  let requestsTotal: number | null = null;
  for (const s of parsePrometheus(text)) {
    if (s.name === 'core_ticks_per_second') ticksPerSecond = s.value;
    else if (s.name === 'core_api_requests_total') requestsTotal = (requestsTotal ?? 0) + s.value;
  }
  return { ticksPerSecond, requestsTotal };
}

/**
 * Requests per second between two scrapes: the increase of the counter's sum over the seconds
 * between them. A sum that went down means the server restarted (counters start again at 0), so
 * the whole new sum is the increase, as Prometheus's own rate() counts a reset.
 */
export function requestsPerSecond(previous: { atMs: number; total: number }, next: { atMs: number; total: number }): number | null {
  const seconds = (next.atMs - previous.atMs) / 1000;
  if (!(seconds > 0)) return null;
  const increase = next.total >= previous.total ? next.total - previous.total : next.total;
  return increase / seconds;
}
