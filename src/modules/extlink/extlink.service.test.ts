import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONSOLE, type Actor } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { declined, invalid, value } from '../../../test/support/results.ts';
import { withPostgres } from '../../../test/support/postgres.ts';
import { extlinkModule } from './index.ts';
import { CODE_ALPHABET, CODE_LENGTH, type ExtlinkService } from './extlink.service.ts';

const REST: Actor = { kind: 'rest', label: 'panel' };
const UNKNOWN = '00000000-0000-0000-0000-0000000000ab';
const ID_A = '123456789012345678';
const ID_B = '98765432109876543210';

describe('extlink', () => {
  let t: TestKernel;
  let ext: ExtlinkService;
  let ann: string;
  let ben: string;

  before(async () => {
    t = await startTestKernel({ modules: [extlinkModule] });
    ext = t.kernel.api.extlink;
    ann = (await t.join('Ann')).uuid;
    ben = (await t.join('Ben')).uuid;
  });
  after(() => t.close());

  it('reads null from both sides before any link; not-found for a player never seen; a non-snowflake id is null', async () => {
    assert.equal(value(await ext.ofPlayer(ann)), null);
    assert.equal(value(await ext.ofAccount(ID_A)), null);
    declined(await ext.ofPlayer(UNKNOWN), 'not-found');
    await assert.rejects(ext.ofPlayer('nope'), invalid('uuid'));
    for (const id of ['abc', '1234', '123456789012345678901', '12345678901234567a', '']) assert.equal(value(await ext.ofAccount(id)), null, id);
  });

  it('gives a code of 8 unambiguous characters valid for code-expiry-seconds (600 by default)', async () => {
    const c = value(await ext.requestCode(ann));
    assert.match(c.code, new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
    assert.equal(Date.parse(c['expires-at']) - t.clock.now().getTime(), 600_000);
    declined(await ext.requestCode(UNKNOWN), 'not-found');
  });

  it('redeems a code (any case): links both sides, emits extlink.account-link, audits the actor, uses the code up', async () => {
    const { code } = value(await ext.requestCode(ann));
    const b = value(await ext.redeem(code.toLowerCase(), ID_A, CONSOLE));
    const now = t.clock.now().toISOString();
    assert.deepEqual(b, { 'player-id': ann, 'player-name': 'Ann', 'account-id': ID_A, 'linked-at': now });
    assert.deepEqual(value(await ext.ofPlayer(ann.replaceAll('-', '').toUpperCase())), b);
    assert.deepEqual(value(await ext.ofAccount(ID_A)), b);
    const e = t.emittedNamed('extlink.account-link').at(-1);
    assert.deepEqual(e?.data, { 'player-id': ann, 'player-name': 'Ann', 'account-id': ID_A, actor: 'console', 'occurred-at': now });
    const [last] = await t.kernel.api.audit.history(ann, 1);
    assert.deepEqual([last?.actor, last?.action], ['console', 'extlink.link']);
    declined(await ext.redeem(code, ID_B, CONSOLE), 'not-found');
  });

  it('keeps one account per player and one player per account: relinking needs an unlink first', async () => {
    declined(await ext.requestCode(ann), 'already-exists');
    const { code } = value(await ext.requestCode(ben));
    const r = await ext.redeem(code, ID_A, CONSOLE);
    declined(r, 'already-exists');
    assert.match(!r.ok ? r.message : '', /already linked to Ann/);
    assert.equal(value(await ext.ofPlayer(ben)), null);
    // The refused code stays valid: Ben redeems it for another account.
    assert.equal(value(await ext.redeem(code, ID_B, CONSOLE))['account-id'], ID_B);
    value(await ext.unlink(ben, CONSOLE));
  });

  it('a new code replaces the earlier one', async () => {
    const first = value(await ext.requestCode(ben));
    const second = value(await ext.requestCode(ben));
    declined(await ext.redeem(first.code, ID_B, CONSOLE), 'not-found');
    value(await ext.redeem(second.code, ID_B, CONSOLE));
    value(await ext.unlink(ben, CONSOLE));
  });

  it('a code expires after code-expiry-seconds', async () => {
    const { code } = value(await ext.requestCode(ben));
    await t.clock.advance(599);
    const c2 = value(await ext.requestCode(ben));
    await t.clock.advance(600);
    declined(await ext.redeem(c2.code, ID_B, CONSOLE), 'not-found');
    declined(await ext.redeem(code, ID_B, CONSOLE), 'not-found');
  });

  it('refuses a malformed account id or code naming the field', async () => {
    const { code } = value(await ext.requestCode(ben));
    await assert.rejects(ext.redeem(code, '12345', CONSOLE), invalid('id'));
    await assert.rejects(ext.redeem(code, 'not-a-snowflake-id!', CONSOLE), invalid('id'));
    await assert.rejects(ext.redeem('short', ID_B, CONSOLE), invalid('code'));
  });

  it('unlinks: answers the binding removed, emits extlink.account-unlink, frees both sides; not-found when not linked', async () => {
    const b = value(await ext.unlink(ann, REST));
    assert.equal(b['account-id'], ID_A);
    const e = t.emittedNamed('extlink.account-unlink').at(-1);
    assert.deepEqual([e?.data['player-id'], e?.data['account-id'], e?.data.actor], [ann, ID_A, 'core-rest/panel']);
    const [last] = await t.kernel.api.audit.history(ann, 1);
    assert.deepEqual([last?.actor, last?.action], ['core-rest/panel', 'extlink.unlink']);
    assert.equal(value(await ext.ofPlayer(ann)), null);
    assert.equal(value(await ext.ofAccount(ID_A)), null);
    declined(await ext.unlink(ann, REST), 'not-found');
    declined(await ext.unlink(UNKNOWN, REST), 'not-found');
    // The account is free again: Ben may take it.
    value(await ext.redeem(value(await ext.requestCode(ben)).code, ID_A, CONSOLE));
  });

  it('keeps links and pending codes across a restart', async () => {
    const { code } = value(await ext.requestCode(ann));
    await t.restart();
    ext = t.kernel.api.extlink;
    assert.equal(value(await ext.ofAccount(ID_A))?.['player-id'], ben);
    assert.equal(value(await ext.redeem(code, ID_B, CONSOLE))['player-id'], ann);
  });
});

describe('extlink.conf', () => {
  it('takes code-expiry-seconds from the file', async () => {
    const t = await startTestKernel({
      modules: [extlinkModule],
      beforeStart: (dir) => writeFileSync(join(dir, 'extlink.conf'), 'code-expiry-seconds = 60\n'),
    });
    try {
      const ann = (await t.join('Ann')).uuid;
      const c = value(await t.kernel.api.extlink.requestCode(ann));
      assert.equal(Date.parse(c['expires-at']) - t.clock.now().getTime(), 60_000);
    } finally {
      await t.close();
    }
  });

  it('applies a new code-expiry-seconds at core reload to codes issued afterwards', async () => {
    const t = await startTestKernel({ modules: [extlinkModule] });
    try {
      const ann = (await t.join('Ann')).uuid;
      writeFileSync(join(t.configDir, 'extlink.conf'), 'code-expiry-seconds = 120\n');
      await t.platform.run('console', 'core reload');
      assert.ok(t.platform.consoleText().includes('extlink.conf: changed; applied now: code-expiry-seconds.'), t.platform.consoleText().join('\n'));
      const c = value(await t.kernel.api.extlink.requestCode(ann));
      assert.equal(Date.parse(c['expires-at']) - t.clock.now().getTime(), 120_000);
    } finally {
      await t.close();
    }
  });

  it('refuses a code-expiry-seconds out of range, naming the key', async () => {
    await assert.rejects(
      startTestKernel({ modules: [extlinkModule], beforeStart: (dir) => writeFileSync(join(dir, 'extlink.conf'), 'code-expiry-seconds = 5\n') }),
      /code-expiry-seconds/,
    );
  });
});

describe('extlink on PostgreSQL', () => {
  it('migrates, links, reads both sides, refuses a taken account, unlinks', (ctx) =>
    withPostgres(ctx, 'extlink', async (openDb) => {
      const t = await startTestKernel({ modules: [extlinkModule], openDb });
      try {
        const ext = t.kernel.api.extlink;
        const ann = (await t.join('Ann')).uuid;
        const ben = (await t.join('Ben')).uuid;
        value(await ext.redeem(value(await ext.requestCode(ann)).code, ID_A, CONSOLE));
        assert.equal(value(await ext.ofAccount(ID_A))?.['player-id'], ann);
        declined(await ext.redeem(value(await ext.requestCode(ben)).code, ID_A, CONSOLE), 'already-exists');
        value(await ext.unlink(ann, CONSOLE));
        assert.equal(value(await ext.ofPlayer(ann)), null);
      } finally {
        await t.close();
      }
    }));
});
