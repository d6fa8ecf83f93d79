// The typed event bus and the names of every event the Remote Access Service carries.
// Names are `<context>.<name>` exactly as the spec's table. Payloads are already in the rendering the
// HTTP reads use (kebab-case keys, money and location objects, ISO instants): the event stream sends
// them as they are. The bus stamps `occurred-at`.
//
// Payload schemas are declared where the events are emitted: a module lists its own in its
// definition (`defineModule({ events })`, from its `<area>.events.ts`), the kernel lists its own in
// ./event-catalogue.ts; the kernel gathers them into one catalogue at boot, and the AsyncAPI document
// is generated from the same catalogue. Each events file also adds its payload types to
// `EventPayloads`, so that `emit` only compiles with the payload of the event it names. An event of
// an area not built yet has no schema: it carries `occurred-at` and whatever its emitter sends.

import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { Clock } from './clock.ts';
import type { Logger } from '../log/log.ts';

export const EVENT_CONTEXTS = {
  communication: ['announcer-reload', 'broadcast-opt-out'],
  extlink: ['account-link', 'account-unlink'],
  economy: ['wallet-credit', 'wallet-debit', 'wallet-reject', 'bank-deposit', 'bank-withdraw', 'loan-disburse', 'loan-repay'],
  hologram: ['create', 'delete'],
  home: ['create', 'delete', 'relocate', 'rename', 'icon-change', 'visibility-change', 'limit-reached'],
  invrollback: ['inventory-restore'],
  itemworld: ['entity-purge', 'mob-spawn'],
  kit: ['claim'],
  messaging: ['private-message', 'mail-deliver', 'help-op'],
  moderation: [
    'player-tempban',
    'player-mute',
    'player-unmute',
    'player-jail',
    'player-unjail',
    'player-warn',
    'ip-ban',
    'alt-detected',
    'jail-location-define',
    'jail-location-remove',
  ],
  npc: ['create', 'delete', 'move'],
  playerstate: [
    'player-god-toggle',
    'player-fly-toggle',
    'player-game-mode-change',
    'player-speed-change',
    'player-heal',
    'player-feed',
  ],
  playerwarp: ['create', 'delete'],
  pose: ['pose'],
  presence: ['afk'],
  trade: ['complete', 'cancel'],
  rank: ['up', 'set', 'prestige'],
  scoreboard: ['visibility'],
  security: ['verification-pass', 'verification-fail', 'lockout'],
  skin: ['change'],
  staff: ['chat', 'mode'],
  teleport: [
    'player-teleport',
    'back-location-capture',
    'warmup-start',
    'warmup-cancel',
    'request-send',
    'request-accept',
    'request-deny',
    'request-cancel',
    'request-expire',
  ],
  vanish: ['toggle'],
  vault: ['open', 'contents-change'],
  vote: ['receive', 'party'],
  warp: ['create', 'delete'],
  world: ['create', 'load', 'unload', 'delete', 'import', 'adopt', 'unregister', 'setting-change', 'entry-denied'],
} as const;

type Contexts = typeof EVENT_CONTEXTS;
export type EventContext = keyof Contexts;
export type EventName = { [C in EventContext]: `${C}.${Contexts[C][number]}` }[EventContext];

export const EVENT_NAMES: readonly EventName[] = (Object.keys(EVENT_CONTEXTS) as EventContext[]).flatMap((c) =>
  EVENT_CONTEXTS[c].map((n) => `${c}.${n}` as EventName),
);

export function isEventName(s: string): s is EventName {
  return (EVENT_NAMES as readonly string[]).includes(s);
}
export function isEventContext(s: string): s is EventContext {
  return Object.hasOwn(EVENT_CONTEXTS, s);
}

/** Fields every event's data holds. */
export const OccurredAt = Type.String({ format: 'date-time', description: 'When it happened (ISO-8601 instant).' });
/** What the event stream adds to every event's data: the server it happened on. */
export const ServerName = Type.String({
  pattern: '^[A-Za-z0-9_-]{1,32}$',
  description: "The name of the server the event happened on (network.conf's server-name; with Redis, events of every server of the network reach every server's stream).",
});
/** Fields of an event about a player. */
export const PlayerFields = {
  'player-id': Type.String({ format: 'uuid', description: 'The player uuid, dashed lower case.' }),
  'player-name': Type.String(),
};

/** Payload schemas (without `occurred-at`, which the bus adds) of some events, by name. */
export type EventSchemas = { readonly [N in EventName]?: TObject };

/** One event's payload schema: exactly these fields (`occurred-at` is added by the bus). */
export function eventPayload<P extends TProperties>(properties: P, description: string): TObject<P> {
  return Type.Object(properties, { additionalProperties: false, description });
}

/** Declares the payload schemas of an area's events; a name outside the catalogue does not compile. */
export function defineEvents<S extends EventSchemas>(schemas: S & { [K in Exclude<keyof S, EventName>]: never }): S {
  return schemas;
}

/**
 * The payload type of each event whose schema is declared, by name. Each events file adds its own:
 *   declare module '../../core/kernel/events.ts' { interface EventPayloads extends PayloadsOf<typeof HOME_EVENTS> {} }
 */
// biome-ignore lint: augmented by each events file.
export interface EventPayloads {}

export type PayloadsOf<S extends EventSchemas> = { -readonly [N in keyof S]-?: S[N] extends TObject ? Static<S[N]> : never };

/** What an emitter passes for an event: its declared payload, or any fields for an event not built yet. */
export type PayloadOf<N extends EventName> = N extends keyof EventPayloads ? EventPayloads[N] : Record<string, unknown>;

/**
 * For a name typed as a union (`'economy.wallet-credit' | 'economy.wallet-debit'`), a payload that
 * fits every one of them: so a name typed loosely (`EventName`) never lets any payload through.
 */
type EveryPayloadOf<N extends EventName> = (N extends unknown ? (p: PayloadOf<N>) => void : never) extends (p: infer I) => void ? I : never;

export type EventData = Record<string, unknown> & { 'occurred-at': string };
export type EmittedEvent = { name: EventName; data: EventData };
export type EventListener = (event: EmittedEvent) => void;

export interface EventBus {
  /** Emit after the state change is committed, never before. */
  emit<N extends EventName>(name: N, data: EveryPayloadOf<N>): void;
  /** Every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export function createEventBus(clock: Clock, log: Logger): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, data) {
      const event: EmittedEvent = { name, data: { ...(data as Record<string, unknown>), 'occurred-at': clock.now().toISOString() } };
      for (const l of [...listeners]) {
        // A failing listener must not stop the others, nor the operation that emitted.
        try {
          l(event);
        } catch (e) {
          log.error(`event listener failed on ${name}`, e);
        }
      }
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
