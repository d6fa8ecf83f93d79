// Samples the service's GET /api/v1/metrics (Prometheus text, read scope) at a fixed interval and
// turns each scrape into what the graph draws: ticks per second as read, and API requests per
// second as the increase of core_api_requests_total (summed over every series) since the scrape
// before. The panel's own scrapes are requests too; they show in the figure, as they load the
// service like any other client.

import { CoreError, type CoreClient } from './core-client.ts';
import { readCoreMetrics, requestsPerSecond } from './prometheus.ts';

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

export function sampleMetrics(client: CoreClient, intervalMs: number, onSample: (s: MetricsSample) => void): Sampler {
  let previous: { atMs: number; total: number } | undefined;
  let busy = false;

  async function scrape(): Promise<void> {
    // A scrape slower than the interval is not stacked on: the next one waits its turn.
    if (busy) return;
    busy = true;
    try {
      const text = await client.getText('/metrics');
      const at = Date.now();
      const m = readCoreMetrics(text);
      const current = m.requestsTotal === null ? undefined : { atMs: at, total: m.requestsTotal };
      const rps = previous && current ? requestsPerSecond(previous, current) : null;
      previous = current;
      onSample({ at, tps: m.ticksPerSecond, rps, error: null });
    } catch (e) {
      previous = undefined;
      const error =
        e instanceof CoreError && e.status === 404
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
