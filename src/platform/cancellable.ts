// How a platform emits a cancellable event (platform.ts `Cancellable`): the payload's cancel()
// works only while the handlers run, so a handler that cancels later (after an await) changes
// nothing, as the event's documentation says. Shared by the adapter and the fake.

import type { PlatformEventName, PlatformEvents } from './platform.ts';

/** Cancellable events by name. */
export type CancellableEventName = {
  [E in PlatformEventName]: PlatformEvents[E] extends { cancel(): void } ? E : never;
}[PlatformEventName];

/** What a cancellable event carries besides cancel() and cancelled. */
export type CancellableData<E extends CancellableEventName> = Omit<PlatformEvents[E], 'cancel' | 'cancelled'>;

/**
 * Runs `emit` with the event's payload and answers whether a handler cancelled it (handlers run
 * synchronously; cancel() after `emit` returns has no effect).
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
