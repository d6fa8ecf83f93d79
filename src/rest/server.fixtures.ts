// Rows and raw-socket helpers that exist only for the HTTP listener's tests.

import { connect } from 'node:net';
import { DatabaseSync } from 'node:sqlite';
import { Type } from '@sinclair/typebox';
import { fail, ok } from '../core/kernel/result.ts';
import { defineRoute } from '../core/kernel/routes.ts';
import { fromDatabase } from '../core/storage/storage-errors.ts';
import { Limit, PlayerUuid, UuidParams } from '../core/values/schemas.ts';

const Echo = Type.Object({ uuid: Type.String(), limit: Type.Integer() });

/** Rows that exist only in these tests. */
export function testRoutes() {
  return [
    defineRoute({
      method: 'GET',
      path: '/test/players/:uuid',
      scope: 'read',
      module: null,
      params: UuidParams,
      query: Type.Object({ limit: Type.Optional(Limit) }, { additionalProperties: false }),
      answer: Echo,
      summary: 'echo',
      call: (_api, { params, query }) => ok({ uuid: params.uuid, limit: query.limit ?? 0 }),
    }),
    defineRoute({
      method: 'POST',
      path: '/test/players/:uuid/note',
      scope: 'write',
      module: null,
      params: UuidParams,
      body: Type.Object(
        {
          text: Type.String({ minLength: 1 }),
          location: Type.Optional(Type.Object({ world: Type.String(), x: Type.Number() }, { additionalProperties: false })),
          silent: Type.Optional(Type.Boolean({ default: false })),
          other: Type.Optional(PlayerUuid),
        },
        { additionalProperties: false },
      ),
      answer: Type.Object({ noted: Type.String(), silent: Type.Boolean(), other: Type.Union([Type.String(), Type.Null()]) }),
      summary: 'records an audit entry',
      async call(api, { params, body, actor }) {
        // The one published-API call of this row: an audited write.
        await api.audit.record({ actor, action: 'test.note', target: params.uuid, details: { text: body.text } });
        return ok({ noted: body.text, silent: body.silent ?? false, other: body.other ?? null });
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/test/economy/pay',
      scope: 'write',
      module: 'economy',
      body: Type.Object({ amount: Type.Number({ exclusiveMinimum: 0 }) }, { additionalProperties: false }),
      answer: Type.Null(),
      summary: 'depends on a module that is off',
      call: () => ok(null),
    }),
    defineRoute({
      method: 'GET',
      path: '/test/declined',
      scope: 'read',
      module: null,
      answer: Type.Null(),
      summary: 'declines',
      call: () => fail('insufficient-funds', 'Not enough money.'),
    }),
    defineRoute({
      method: 'GET',
      path: '/test/homes/:slot',
      scope: 'read',
      module: null,
      params: Type.Object({ slot: Type.Integer({ minimum: 1 }) }),
      answer: Type.Null(),
      summary: 'missing is a 404',
      notFoundIs404: true,
      call: () => fail('not-found', 'No home in that slot.'),
    }),
    defineRoute({
      method: 'GET',
      path: '/test/hang',
      scope: 'read',
      module: null,
      answer: Type.Null(),
      summary: 'never answers',
      call: () => new Promise<never>(() => {}),
    }),
    defineRoute({
      method: 'GET',
      path: '/test/bug',
      scope: 'read',
      module: null,
      answer: Type.Null(),
      summary: 'throws',
      call: () => {
        throw new Error('secret internal detail');
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/test/full',
      scope: 'write',
      module: null,
      answer: Type.Null(),
      summary: 'a write on a database that is full (SQLite at its max_page_count)',
      call: () => {
        const db = new DatabaseSync(':memory:');
        try {
          db.exec('create table t (v text); PRAGMA max_page_count = 2');
          db.prepare('insert into t values (?)').run('x'.repeat(100_000));
        } catch (e) {
          throw fromDatabase(e, '/data/core/core.db');
        } finally {
          db.close();
        }
        return ok(null);
      },
    }),
    defineRoute({
      method: 'GET',
      path: '/test/invalid-input',
      scope: 'read',
      module: null,
      answer: Type.Null(),
      summary: 'a service refuses input as malformed',
      call: () => {
        throw Object.assign(new Error('Too many decimal places.'), { name: 'InvalidInput', field: 'amount' });
      },
    }),
  ];
}

export const UUID = '0a1b2c3d-4e5f-6789-abcd-ef0123456789';

/** Sends raw bytes and resolves with the first answer's status line and the raw text read so far. */
export function raw(port: number, head: string, bodyChunks: (write: (b: string) => boolean) => void = () => {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1');
    let got = '';
    s.on('data', (d) => {
      got += d.toString('latin1');
      if (/\r\n\r\n/.test(got)) {
        const m = /content-length: (\d+)/i.exec(got);
        const bodyStart = got.indexOf('\r\n\r\n') + 4;
        if (!m || got.length - bodyStart >= Number(m[1])) {
          s.destroy();
          resolve(got);
        }
      }
    });
    s.on('error', (e) => (got ? resolve(got) : reject(e)));
    s.on('close', () => resolve(got));
    s.write(head);
    bodyChunks((b) => (s.destroyed ? false : s.write(b)));
  });
}
