// The platform's event listeners: registered through GamePlatform.on/off, called by the concern
// that sees the event happen (ctx.emit). A failing listener is logged and the others still run.

import type { Logger } from '../../core/log/log.ts';
import type { PlatformEventName, PlatformEvents } from '../platform.ts';

type Listener = (data: never) => void;

export class EventRegistry {
  private readonly listeners = new Map<PlatformEventName, Set<Listener>>();
  private readonly log: Logger;

  constructor(log: Logger) {
    this.log = log;
  }

  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void {
    for (const l of [...(this.listeners.get(event) ?? [])]) {
      try {
        (l as (d: PlatformEvents[E]) => void)(data);
      } catch (e) {
        this.log.error(`a ${event} listener failed`, e);
      }
    }
  }

  on<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(handler as Listener);
  }

  off<E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void {
    this.listeners.get(event)?.delete(handler as Listener);
  }
}
