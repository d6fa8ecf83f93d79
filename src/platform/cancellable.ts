// The Cancellable part of a platform event: handlers call cancel() while the event is being
// emitted, and the emitter reads `cancelled` once they have all run.

import type { Cancellable } from './platform.ts';

/** The event's data with a fresh cancel() and cancelled flag. */
export function cancellable<T extends object>(data: T): T & Cancellable {
  let cancelled = false;
  return {
    ...data,
    cancel(): void {
      cancelled = true;
    },
    get cancelled(): boolean {
      return cancelled;
    },
  };
}
