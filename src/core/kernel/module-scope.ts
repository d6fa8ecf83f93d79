// What one module (or one kernel service) attaches to the running server, kept so that it can all
// be taken off again when the module stops: platform listeners, event-bus subscriptions,
// scheduled tasks, chat filters, login gates, command checks, placeholders, and what it attaches
// through another module's service that `track`s it (teleport gates). A module uses its scope's
// platform, events, scheduler and chains exactly as the shared ones; `dispose` removes whatever is
// still attached, so a stopped module leaves nothing behind even if its own stop forgot something.

import type { ChatFilters, LoginGates } from './chains.ts';
import type { CommandChecks, CommandRegistry } from '../commands/commands.ts';
import type { EventBus } from './events.ts';
import { scopedScheduler, type Scheduler } from './scheduler.ts';
import type { Placeholders } from '../text/placeholders.ts';
import type { GamePlatform, PlatformEventName, PlatformEvents } from '../../platform/platform.ts';

export interface ScopeParts {
  platform: GamePlatform;
  events: EventBus;
  scheduler: Scheduler;
  chat: ChatFilters;
  logins: LoginGates;
  commands: CommandRegistry & CommandChecks;
  /** Absent for a scope of parts without placeholders (tests of the scope alone). */
  placeholders?: Placeholders;
}

/**
 * Keeps the remover of something attached (a teleport gate) until it is called, or until the scope
 * is disposed, which calls it; returns the remover to hand back to the one who attached it.
 */
export type Track = (remove: () => void) => () => void;

export interface ModuleScope extends ScopeParts {
  /** For what the module attaches through another module's service (`scoped` in its definition). */
  track: Track;
  /** Takes off everything attached through this scope that is still attached. Idempotent. */
  dispose(): void;
}

/** The slots only the kernel fills; a module adds to their chains instead. */
const KERNEL_SLOTS: Partial<Record<PropertyKey, string>> = {
  setChatFilter: 'add a chat filter with ctx.chat.addFilter',
  setLoginGate: 'add a login gate with ctx.logins.addGate',
  setCommandHandler: 'register commands and add checks with ctx.commands',
};

type AnyHandler = (data: never) => void;

export function createModuleScope(owner: string, shared: ScopeParts): ModuleScope {
  const removers = new Set<() => void>();
  /** Keeps a remover until it is called, by the owner or by dispose. */
  const tracked = (remove: () => void): (() => void) => {
    const once = () => {
      if (!removers.delete(once)) return;
      remove();
    };
    removers.add(once);
    return once;
  };

  const listeners = new Map<PlatformEventName, Map<AnyHandler, () => void>>();
  const on = <E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void => {
    let of = listeners.get(event);
    if (!of) listeners.set(event, (of = new Map()));
    if (of.has(handler as AnyHandler)) return;
    shared.platform.on(event, handler);
    of.set(
      handler as AnyHandler,
      tracked(() => {
        of.delete(handler as AnyHandler);
        shared.platform.off(event, handler);
      }),
    );
  };
  const off = <E extends PlatformEventName>(event: E, handler: (data: PlatformEvents[E]) => void): void => {
    const remove = listeners.get(event)?.get(handler as AnyHandler);
    if (remove) remove();
    else shared.platform.off(event, handler);
  };

  // Everything else of the platform is the shared platform's own, bound to it.
  const bound = new Map<PropertyKey, unknown>();
  const platform = new Proxy(shared.platform, {
    get(target, prop) {
      if (prop === 'on') return on;
      if (prop === 'off') return off;
      const instead = KERNEL_SLOTS[prop];
      if (instead) {
        return () => {
          throw new Error(`module "${owner}" may not call platform.${String(prop)}: the kernel owns that slot; ${instead}`);
        };
      }
      const value: unknown = Reflect.get(target, prop, target);
      if (typeof value !== 'function') return value;
      let fn = bound.get(prop);
      if (!fn) bound.set(prop, (fn = (value as (...args: unknown[]) => unknown).bind(target)));
      return fn;
    },
  });

  const events: EventBus = { ...shared.events, subscribe: (listener) => tracked(shared.events.subscribe(listener)) };
  const scheduler = scopedScheduler(shared.scheduler);
  const commands: ScopeParts['commands'] = {
    ...shared.commands,
    addCheck: (check) => tracked(shared.commands.addCheck(check)),
    addListFilter: (filter) => tracked(shared.commands.addListFilter(filter)),
  };

  const placeholders: Placeholders | undefined = shared.placeholders && {
    ...shared.placeholders,
    register: (name, resolve, description) => tracked(shared.placeholders!.register(name, resolve, description)),
  };

  return {
    platform,
    events,
    placeholders,
    scheduler,
    track: tracked,
    chat: { addFilter: (filter) => tracked(shared.chat.addFilter(filter)) },
    logins: { addGate: (gate) => tracked(shared.logins.addGate(gate)) },
    commands,
    dispose() {
      scheduler.cancelAll();
      for (const remove of [...removers]) remove();
    },
  };
}
