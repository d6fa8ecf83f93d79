// Samples the service's GET /api/v1/metrics (Prometheus text, read scope) at a fixed interval and
// turns each scrape into what the graph draws: ticks per second as read, and API requests per
// second as the increase of core_api_requests_total (summed over every series) since the scrape
// before. The panel's own scrapes are requests too; they show in the figure, as they load the
// service like any other client.

import { CoreApiError, parsePrometheusText, type CoreClient } from '../../clients/typescript/src/index.ts';

export interface MetricsSample {
  /** When the scrape was answered (ms since the epoch). */
  at: number;
  tps: number | null;
  /** null for the first scrape (no earlier one to compare with) or when the counter is absent. */
  rps: number | null;
  /** Why this scrape gave nothing, or null. */
  error: string | null;
}

export interface Sampler {
  stop(): void;
}

/** What one scrape says about the two series the panel graphs. */
export interface CoreMetrics {
  /** The gauge; null when the text does not hold it. */
  ticksPerSecond: number | null;
  /** The sum of the counter over every method, route and status; null when absent. */
  requestsTotal: number | null;
}

export function readCoreMetrics(text: string): CoreMetrics {
  const scrape = parsePrometheusText(text);
  return {
    ticksPerSecond: scrape.value('core_ticks_per_second') ?? null,
    requestsTotal: scrape.has('core_api_requests_total') ? scrape.sum('core_api_requests_total') : null,
  };
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

/** A scrape that takes longer is given up: the next one comes at the next interval. */
const SCRAPE_TIMEOUT_MS = 5000;

export function sampleMetrics(client: CoreClient, intervalMs: number, onSample: (s: MetricsSample) => void): Sampler {
  let previous: { atMs: number; total: number } | undefined;
  let busy = false;

  async function scrape(): Promise<void> {
    // A scrape slower than the interval is not stacked on: the next one waits its turn.
    if (busy) return;
    busy = true;
    try {
      const { data: text } = await client.getMetrics(undefined, { signal: AbortSignal.timeout(SCRAPE_TIMEOUT_MS) });
      const at = Date.now();
      const m = readCoreMetrics(text);
      const current = m.requestsTotal === null ? undefined : { atMs: at, total: m.requestsTotal };
      const rps = previous && current ? requestsPerSecond(previous, current) : null;
      previous = current;
      onSample({ at, tps: m.ticksPerSecond, rps, error: null });
    } catch (e) {
      previous = undefined;
      const error =
        e instanceof CoreApiError && e.status === 404
          ? 'this server has no metrics route (GET /api/v1/metrics)'
          : e instanceof Error
            ? e.message
            : String(e);
      onSample({ at: Date.now(), tps: null, rps: null, error });
    } finally {
      busy = false;
    }
  }

  void scrape();
  const timer = setInterval(() => void scrape(), intervalMs);
  return { stop: () => clearInterval(timer) };
}
