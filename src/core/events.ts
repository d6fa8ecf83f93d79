// The typed event bus and the catalogue of every event the Remote Access Service carries.
// Names are `<context>.<name>` exactly as the spec's table. Each has a TypeBox payload schema;
// the AsyncAPI document is generated from this catalogue. Payloads are already in the rendering the
// HTTP reads use (kebab-case keys, money and location objects, ISO instants): the event stream sends
// them as they are. The bus stamps `occurred-at`.
//
// The issue that makes a module emit an event replaces that event's schema with its full one, in
// `<area>.events.ts`, through `defineEventSchema`.

import { Type, type Static, type TObject, type TProperties } from '@sinclair/typebox';
import type { Clock } from './clock.ts';
import type { Logger } from './log.ts';

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
/** Fields of an event about a player. */
export const PlayerFields = {
  'player-id': Type.String({ format: 'uuid', description: 'The player uuid, dashed lower case.' }),
  'player-name': Type.String(),
};

/** The schema of a payload as emitted (without `occurred-at`, which the bus adds). */
const schemas = new Map<EventName, TObject>();

/**
 * Registers an event's payload schema (without `occurred-at`). An event without a registered
 * schema is documented as carrying `occurred-at` and whatever its emitter sends.
 */
export function defineEventSchema<P extends TProperties>(name: EventName, properties: P, description?: string): TObject<P> {
  const schema = Type.Object(properties, { additionalProperties: false, ...(description ? { description } : {}) });
  schemas.set(name, schema as unknown as TObject);
  return schema;
}

/** The full schema of an event's `data`, `occurred-at` included: for the AsyncAPI document. */
export function eventDataSchema(name: EventName): TObject {
  const own = schemas.get(name);
  if (!own) return Type.Object({ 'occurred-at': OccurredAt }, { additionalProperties: true });
  return Type.Object({ ...own.properties, 'occurred-at': OccurredAt }, { additionalProperties: false, description: own.description });
}

/** Payload type of an event, as its emitter passes it. Modules narrow it through their own types. */
export type EventPayload = Record<string, unknown>;
export type EmittedEvent = { name: EventName; data: EventPayload & { 'occurred-at': string } };
export type EventListener = (event: EmittedEvent) => void;

export interface EventBus {
  /** Emit after the state change is committed, never before. */
  emit(name: EventName, data: EventPayload): void;
  /** Every event; returns the unsubscribe function. */
  subscribe(listener: EventListener): () => void;
}

export type PayloadOf<S extends TObject> = Static<S>;

export function createEventBus(clock: Clock, log: Logger): EventBus {
  const listeners = new Set<EventListener>();
  return {
    emit(name, data) {
      const event: EmittedEvent = { name, data: { ...data, 'occurred-at': clock.now().toISOString() } };
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
