// The calendar periods of the vote totals (UTC): when each began for an instant. The totals table
// (votes.store.ts) keeps one row per player and period begun, so a board reads its rows only.

import { PERIODS, type Period } from './votes.schemas.ts';

/** When each period began, for an instant (UTC calendar: months from the 1st, weeks from Monday). */
export function periodStart(period: Period, now: Date): string {
  if (period === 'all-time') return '';
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), period === 'monthly' ? 1 : now.getUTCDate()));
  if (period === 'weekly') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString();
}

/** Every period with the start of the one a vote at `at` (an ISO instant) counts in. */
export function periodsOf(at: string): Array<{ period: Period; since: string }> {
  const when = new Date(at);
  return PERIODS.map((period) => ({ period, since: periodStart(period, when) }));
}
