// Retries and the audit log against the real server (the walk over every write route and the replay
// after a restart: src/core/log/audit.scene.test.ts), read from the server's own database: a deposit
// retried with one Idempotency-Key is applied once and audited once by core-rest/writer, a declined
// call leaves one core-rest.declined entry with its code, and what a bot does in game (/setjail) is
// audited with the bot as the actor. The part gives back the money it deposited and removes its jail.

import { after, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { waitForMessage } from '../support/bots.ts';
import type { AreaPart } from '../support/area-parts.ts';
import { readServerData } from '../support/server-data.ts';
import { DECLINED_ACTION } from '../../../src/rest/audit-declined.ts';

const NEVER_SEEN = '00000000-0000-0000-0000-0000000000cd';
const JAIL = 'audit-cell';

interface Row {
  id: number;
  actor: string;
  action: string;
  target: string | null;
  details: Record<string, unknown>;
}

export const auditPart: AreaPart = {
  name: 'audit',
  tests(scene) {
    let granted = false;
    let jailSet = false;
    const read = <T>(query: string, ...args: Array<string | number>) => readServerData<T>(scene().rs.server.dataDir, query, ...args);
    const lastId = async () => Number((await read<{ n: number | string | null }>('SELECT max(id) AS n FROM core_audit'))[0]?.n ?? 0);
    const entriesAfter = async (id: number): Promise<Row[]> =>
      (await read<Omit<Row, 'details'> & { details: string }>('SELECT id, actor, action, target, details FROM core_audit WHERE id > ? ORDER BY id', id)).map((r) => ({
        ...r,
        id: Number(r.id),
        details: JSON.parse(String(r.details)) as Record<string, unknown>,
      }));

    after(async () => {
      const { rs } = scene();
      if (granted) await rs.console('perm revoke Ann core.moderation.setjail', /Revoked core\.moderation\.setjail from Ann/);
      if (jailSet) await rs.console(`deljail ${JAIL}`, new RegExp(`Jail ${JAIL} removed\\.`));
    });

    it('applies a deposit retried with one Idempotency-Key once, audited once by core-rest/writer in the server’s database; a declined call leaves one core-rest.declined entry with its code', async () => {
      const { rs, writer, reader, ann } = scene();
      const annId = ann.player.uuid;
      const balance = async () => (await rs.call('GET', `/players/${annId}/balance`, reader)).json.data.amount as number;
      const key = `audit-part-${randomUUID()}`;
      const deposit = () => rs.call('POST', `/players/${annId}/balance/deposit`, writer, { amount: 25 }, { 'Idempotency-Key': key });
      const before = await balance();
      const from = await lastId();
      const first = await deposit();
      assert.equal(first.status, 200);
      assert.equal(first.json.ok, true, first.text);
      assert.equal(first.headers['idempotent-replayed'], undefined);
      const second = await deposit();
      assert.equal(second.status, 200);
      assert.equal(second.text, first.text, 'the second answer is the first');
      assert.equal(second.headers['idempotent-replayed'], 'true');
      assert.equal(await balance(), before + 25, 'applied once');
      const declined = await rs.call('POST', `/players/${NEVER_SEEN}/balance/deposit`, writer, { amount: 5 });
      assert.deepEqual([declined.status, declined.json.ok, declined.json.code], [200, false, 'not-found']);

      const written = (await entriesAfter(from)).filter((e) => e.actor === 'core-rest/writer');
      assert.deepEqual(
        written.map((e) => [e.action, e.target, e.details.code ?? null, e.details.route ?? null]),
        [
          ['economy.deposit', annId, null, null],
          [DECLINED_ACTION, NEVER_SEEN, 'not-found', 'POST /players/:uuid/balance/deposit'],
        ],
      );

      const back = await rs.call('POST', `/players/${annId}/balance/withdraw`, writer, { amount: 25 });
      assert.equal(back.json.ok, true, back.text);
      assert.equal(await balance(), before);
    });

    it('audits a jail a bot sets in game with /setjail by that bot, and its removal at the console by console', async () => {
      const { rs, ann } = scene();
      const from = await lastId();
      await rs.console('perm grant Ann core.moderation.setjail', /Granted core\.moderation\.setjail to Ann/);
      granted = true;
      const set = waitForMessage(ann, new RegExp(`Jail ${JAIL} set at`));
      ann.chat(`/setjail ${JAIL}`);
      await set;
      jailSet = true;
      await rs.console('perm revoke Ann core.moderation.setjail', /Revoked core\.moderation\.setjail from Ann/);
      granted = false;
      await rs.console(`deljail ${JAIL}`, new RegExp(`Jail ${JAIL} removed\\.`));
      jailSet = false;
      const jails = (await entriesAfter(from)).filter((e) => e.action.startsWith('moderation.jail'));
      assert.deepEqual(
        jails.map((e) => [e.actor, e.action, e.details.jail]),
        [
          ['Ann', 'moderation.jail-define', JAIL],
          ['console', 'moderation.jail-remove', JAIL],
        ],
      );
    });
  },
};
