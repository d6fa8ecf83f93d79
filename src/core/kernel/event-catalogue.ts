// The catalogue of event payload schemas: those each module declares in its definition, gathered at
// boot (and by the document generator, from every known module). It gives the full schema of an
// event's `data` (the AsyncAPI document publishes it) and checks an event against it (the tests
// check every event they see).

import { Type, type TObject } from '@sinclair/typebox';
import { TypeCompiler, type TypeCheck } from '@sinclair/typebox/compiler';
import { EVENT_NAMES, OccurredAt, ServerName, type EventName, type EventSchemas } from './events.ts';
import type { ModuleDefinition } from './module.ts';
// The formats the schemas name (uuid, date-time) are registered where the shared schemas load.
import '../values/schemas.ts';

export interface EventCatalogue {
  /** Whether the event's payload is declared; false for an event of an area not built yet. */
  declared(name: EventName): boolean;
  /** The schema of an event's `data`, `occurred-at` included; open for an event not declared. */
  dataSchema(name: EventName): TObject;
  /** The schema of an event's `data` as the event stream sends it: `server` added. */
  streamSchema(name: EventName): TObject;
  /** What is wrong with an event's `data` (one sentence naming the field), or undefined when it fits. */
  problem(name: string, data: unknown): string | undefined;
  /** The same for an event's `data` as the event stream sent it. */
  streamProblem(name: string, data: unknown): string | undefined;
}

/** The open schema of an event not declared yet: `occurred-at` and whatever its emitter sends. */
const OPEN = Type.Object({ 'occurred-at': OccurredAt }, { additionalProperties: true });
const OPEN_STREAM = Type.Object({ 'occurred-at': OccurredAt, server: ServerName }, { additionalProperties: true });

/** Gathers declared schemas; two declarations of one event is a programming error and throws. */
export function eventCatalogue(sources: readonly EventSchemas[]): EventCatalogue {
  const own = new Map<EventName, TObject>();
  for (const source of sources) {
    for (const [name, schema] of Object.entries(source) as Array<[EventName, TObject]>) {
      if (!EVENT_NAMES.includes(name)) throw new Error(`"${name}" is not an event of the catalogue`);
      if (own.has(name)) throw new Error(`the event ${name} is declared twice`);
      own.set(name, schema);
    }
  }
  const full = new Map<EventName, TObject>();
  const streamed = new Map<EventName, TObject>();
  const checks = new Map<TObject, TypeCheck<TObject>>();
  const dataSchema = (name: EventName): TObject => {
    const schema = own.get(name);
    if (!schema) return OPEN;
    let data = full.get(name);
    if (!data) {
      data = Type.Object({ ...schema.properties, 'occurred-at': OccurredAt }, { additionalProperties: false, description: schema.description });
      full.set(name, data);
    }
    return data;
  };
  const streamSchema = (name: EventName): TObject => {
    const schema = own.get(name);
    if (!schema) return OPEN_STREAM;
    let data = streamed.get(name);
    if (!data) {
      data = Type.Object({ ...dataSchema(name).properties, server: ServerName }, { additionalProperties: false, description: schema.description });
      streamed.set(name, data);
    }
    return data;
  };
  const problemIn = (schemaOf: (n: EventName) => TObject) => (name: string, data: unknown): string | undefined => {
    if (!(EVENT_NAMES as readonly string[]).includes(name)) return `${name} is not an event of the catalogue`;
    const schema = schemaOf(name as EventName);
    let check = checks.get(schema);
    if (!check) {
      check = TypeCompiler.Compile(schema);
      checks.set(schema, check);
    }
    const error = check.Errors(data).First();
    return error === undefined ? undefined : `${name}: ${error.path || '/'} ${error.message}, in ${JSON.stringify(data)}`;
  };
  return {
    declared: (name) => own.has(name),
    dataSchema,
    streamSchema,
    problem: problemIn(dataSchema),
    streamProblem: problemIn(streamSchema),
  };
}

/** The catalogue of these modules (every known module, on or off). */
export function catalogueOf(modules: readonly ModuleDefinition[]): EventCatalogue {
  return eventCatalogue(modules.map((m) => m.events ?? {}));
}
