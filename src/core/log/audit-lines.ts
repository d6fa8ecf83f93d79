// Who did what, in the server log, for the writes no command line shows: a write made through the
// Remote Access Service (`core-rest/<label>`) or by a user of a chat platform through the bot
// (`discord/<id>`) gets one INFO line of its own, made from its audit entry, so every such write is
// logged without code in any route:
//
//   [core-rest] core-rest/panel moderation.ban Steve: reason="griefing\nagain", silent=false
//
// A player's and the console's writes are not logged here: the command line they typed is
// (`Ann issued server command: /ban Steve …`, the console's own line).
//
// A line says a write happened, so it is written once the write has applied. The Remote Access
// Service holds the lines of a call (`holdAuditLines`) and releases them when the call answered a
// success; a call that failed or was declined writes none. A write recorded in a transaction that
// was rolled back (PostgreSQL aborting it for a conflict, src/core/storage/transaction-retry.ts) writes none,
// though its transaction ran again writes its own. A write no call holds is logged as it is
// recorded. No line holds a secret: audit details never carry one, and every line of the server log
// is masked again (src/core/log/secrets.ts).

import { actorName, type Actor } from '../kernel/actor.ts';
import type { DbHandle } from '../storage/db.ts';
import type { Logger } from './log.ts';

export interface AuditedWrite {
  actor: Actor;
  action: string;
  /** The player acted on (a dashed uuid), or null. */
  target: string | null;
  details: Record<string, unknown>;
}

/** Whether the actor's writes need a line of their own: those of a program or a chat platform. */
export function typesNoCommand(actor: Actor): boolean {
  return actor.kind === 'rest' || actor.kind === 'external';
}

/** The longest a line's details may run before they are cut (a location list, a long text). */
const MAX_DETAILS = 400;

function valueText(value: unknown): string {
  // A money object reads as a person writes an amount.
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    const o = value as Record<string, unknown>;
    const keys = Object.keys(o);
    if (keys.length === 2 && typeof o.amount === 'number' && typeof o.currency === 'string') return `${o.amount} ${o.currency}`;
  }
  return JSON.stringify(value) ?? String(value);
}

/** The line of a write: actor, action, the target's name (its uuid when unknown), then the details as key=value. */
export function auditLineText(write: AuditedWrite, targetName: string | undefined): string {
  const target = write.target === null ? '' : ` ${targetName ?? write.target}`;
  const pairs = Object.entries(write.details).map(([k, v]) => `${k}=${valueText(v)}`);
  let details = pairs.join(', ');
  if (details.length > MAX_DETAILS) details = `${details.slice(0, MAX_DETAILS)}…`;
  return `${actorName(write.actor)} ${write.action}${target}${details ? `: ${details}` : ''}`;
}

interface Held {
  log: Logger;
  open: boolean;
  lines: Array<{ text: Promise<string>; within: DbHandle | undefined }>;
}

/** The calls holding the lines of their writes, by the actor object of the call (one per call). */
const holds = new WeakMap<Actor, Held>();
/** Transactions rolled back after a write was recorded in them. */
const rolledBack = new WeakSet<DbHandle>();

/** Tells the lines that `tx` was rolled back: a write recorded in it did not happen. */
export function markRolledBack(tx: DbHandle): void {
  rolledBack.add(tx);
}

export interface HeldLines {
  /** Writes the held lines (in the order recorded) when the call applied them; drops them otherwise. Once. */
  release(applied: boolean): void;
}

/**
 * Holds the lines of the writes `actor` records until `release`: a call of the Remote Access
 * Service, its actor object made for that call alone. `log` writes them.
 */
export function holdAuditLines(actor: Actor, log: Logger): HeldLines {
  const held: Held = { log, open: true, lines: [] };
  holds.set(actor, held);
  return {
    release(applied) {
      if (!held.open) return;
      held.open = false;
      holds.delete(actor);
      const lines = held.lines.filter((l) => applied && (l.within === undefined || !rolledBack.has(l.within)));
      if (lines.length === 0) return;
      void Promise.all(lines.map((l) => l.text)).then((texts) => {
        for (const text of texts) log.info(text);
      });
    },
  };
}

/**
 * A write was recorded (in `within` when given): its line goes to the call holding its actor's
 * lines, or, held by none, to `log` now. `text` resolves to the line.
 */
export function noteAuditedWrite(actor: Actor, text: () => Promise<string>, within: DbHandle | undefined, log: Logger): void {
  const held = holds.get(actor);
  if (held?.open) {
    held.lines.push({ text: text(), within });
    return;
  }
  void text().then((t) => log.info(t));
}
