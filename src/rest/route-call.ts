// A row's one call, from the dispatcher to its answer (the last step of server.ts's order of
// checks): the call through the dispatcher (504 after the upstream timeout), then what follows a
// write's result before it is answered: a success logs the lines of its audited writes
// (src/core/log/audit-lines.ts), a declined one is audited with its code (./audit-declined.ts), and
// the answer of a POST sent with an Idempotency-Key is stored (./idempotency.ts). A read, or a write that succeeded without a key, is answered as it came,
// synchronously when the call answered synchronously.

import type { TSchema } from '@sinclair/typebox';
import type { TypeCheck } from '@sinclair/typebox/compiler';
import type { CoreApi } from '../core/kernel/api.ts';
import { holdAuditLines, type HeldLines } from '../core/log/audit-lines.ts';
import type { Dispatcher } from '../core/kernel/dispatcher.ts';
import type { Logger } from '../core/log/log.ts';
import { fail, type Result } from '../core/kernel/result.ts';
import { storageFault, storageFaultLog } from '../core/storage/storage-errors.ts';
import type { RouteDefinition, RouteInput } from '../core/kernel/routes.ts';
import { auditDeclined } from './audit-declined.ts';
import type { HttpErrorCode } from './errors.ts';
import type { StoredAnswer } from './idempotency.ts';
import { describe, isInvalidInput } from './validation.ts';

/** Where an answer goes: the server's writers of a status and body, and of an error. */
export interface Answerer {
  json(status: number, body: string): void;
  error(code: HttpErrorCode, message?: string, extra?: { field?: string }): void;
}

/** Keeps the answer of a call for its retries (null: the call threw, nothing was applied). */
export type StoreAnswer = (answer: StoredAnswer | null) => Promise<void>;

export interface RouteCaller {
  /** The answer of a call's result: its status and body (checked against the row's schema when asked). */
  rendered(row: RouteDefinition, result: Result<unknown>, answerCheck?: TypeCheck<TSchema>): StoredAnswer;
  /** Answers a storage fault (a locked file, a full disk) as a declined failed, logged in one line; false for any other error. */
  declinedForStorage(row: RouteDefinition, e: unknown, to: Answerer, answerCheck?: TypeCheck<TSchema>): boolean;
  call(row: RouteDefinition, input: RouteInput, to: Answerer, answerCheck: TypeCheck<TSchema> | undefined, store?: StoreAnswer): void;
}

export function routeCaller(o: { api: CoreApi; log: Logger; dispatcher: Dispatcher }): RouteCaller {
  const { api, log, dispatcher } = o;
  const logFault = storageFaultLog(log);

  function rendered(row: RouteDefinition, result: Result<unknown>, answerCheck?: TypeCheck<TSchema>): StoredAnswer {
    if (result.ok) {
      const data = result.value === undefined ? null : result.value;
      if (answerCheck && !answerCheck.Check(data)) {
        const e = answerCheck.Errors(data).First();
        log.error(`${row.name} answered data its schema does not allow at ${e?.path || '/'}: ${e?.message}`);
      }
      return { status: 200, body: `{"ok":true,"data":${JSON.stringify(data)}}` };
    }
    const body = JSON.stringify({ ok: false, code: result.code, message: result.message });
    return { status: row.notFoundIs404 && result.code === 'not-found' ? 404 : 200, body };
  }

  /** The database cannot be used (locked, a full disk): declined with failed and one log line; false for any other error. */
  function declinedForStorage(row: RouteDefinition, e: unknown, to: Answerer, answerCheck?: TypeCheck<TSchema>): boolean {
    const fault = storageFault(e);
    if (fault === undefined) return false;
    logFault(row.name, fault);
    const a = rendered(row, fail('failed', fault.message), answerCheck);
    to.json(a.status, a.body);
    return true;
  }

  function settle(row: RouteDefinition, input: RouteInput, result: Result<unknown>, store?: StoreAnswer, held?: HeldLines): Promise<Result<unknown>> | Result<unknown> {
    held?.release(result.ok);
    const declined = !result.ok && row.method === 'POST' ? result : undefined;
    if (declined === undefined && store === undefined) return result;
    return (async () => {
      if (declined !== undefined) await auditDeclined(api, log, row, input, declined);
      if (store !== undefined) await store(rendered(row, result));
      return result;
    })();
  }

  return {
    rendered,
    declinedForStorage,
    call(row, input, to, answerCheck, store) {
      // A write's audit lines (who did what, src/core/log/audit-lines.ts) are logged once it applied.
      const held = row.method === 'POST' ? holdAuditLines(input.actor, log) : undefined;
      const threw = (e: unknown) => {
        held?.release(false);
        return store === undefined ? Promise.reject(e) : store(null).then(() => Promise.reject(e));
      };
      // A read has nothing to do after its result: the call as it is, without a promise step more.
      const withAfter = store !== undefined || row.method === 'POST';
      const run = (): Promise<Result<unknown>> | Result<unknown> => {
        if (!withAfter) return row.call(api, input);
        let r: Promise<Result<unknown>> | Result<unknown>;
        try {
          r = row.call(api, input);
        } catch (e) {
          held?.release(false);
          if (store === undefined) throw e;
          return threw(e);
        }
        return r instanceof Promise ? r.then((v) => settle(row, input, v, store, held), threw) : settle(row, input, r, store, held);
      };
      dispatcher.run(
        row.name,
        run,
        (outcome) => {
          if (outcome.kind === 'timeout') return to.error('timeout');
          const a = rendered(row, outcome.result, answerCheck);
          to.json(a.status, a.body);
        },
        (e: unknown) => {
          if (isInvalidInput(e)) return to.error('bad-request', describe(e.field, e.message), { field: e.field });
          if (declinedForStorage(row, e, to, answerCheck)) return;
          log.error(`${row.name} failed`, e);
          to.error('internal-error');
        },
      );
    },
  };
}
