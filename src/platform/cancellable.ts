// The Cancellable part of a platform event (platform.ts `Cancellable`): handlers call cancel()
// while the event is being emitted, and the emitter reads `cancelled` once they have all run.
// Shared by the adapter and the fake.

import type { PlatformEventName, PlatformEvents } from './platform.ts';

/** Cancellable events by name. */
export type CancellableEventName = {
  [E in PlatformEventName]: PlatformEvents[E] extends { cancel(): void } ? E : never;
}[PlatformEventName];

/** What a cancellable event carries besides cancel() and cancelled. */
export type CancellableData<E extends CancellableEventName> = Omit<PlatformEvents[E], 'cancel' | 'cancelled'>;

/**
 * Runs `emit` with the event's payload and answers whether a handler cancelled it. cancel() works
 * only while the handlers run: one that cancels after an await changes nothing, as the events'
 * documentation says.
 */
export function emitCancellable<E extends CancellableEventName>(
  emit: (event: E, data: PlatformEvents[E]) => void,
  event: E,
  data: CancellableData<E>,
): boolean {
  let cancelled = false;
  let open = true;
  const payload = {
    ...data,
    cancel: () => {
      if (open) cancelled = true;
    },
    get cancelled() {
      return cancelled;
    },
  } as unknown as PlatformEvents[E];
  try {
    emit(event, payload);
  } finally {
    open = false;
  }
  return cancelled;
}
