// Retries and the audit log (docs/reliability.md, "Retries: Idempotency-Key" and "Audit") over real
// HTTP, on the in-process scene (the whole plugin on the fake platform, test/support/scene.ts):
//   - a deposit posted twice with one Idempotency-Key is applied once (the balance says so), the
//     second answer is the first, and after a restart a third retry still gets it;
//   - the write-route walk of test/support/write-walk.ts with every preparation made from outside,
//     as an operator makes it (the console, a player's command): each success leaving its audit
//     entries by core-rest/writer and each decline one core-rest.declined entry with its code, read
//     from the audit table, and each audited write its one line in the server log, a decline none;
//   - a deposit, a kick and a ban with reasons on several lines: one log line each naming the token,
//     the action and the player (src/core/log/audit-lines.ts).
// The same on the real server, with bots: test/e2e/areas/audit.ts.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { startKernelScene, type KernelScene, type ScenePlayer } from '../../../test/support/scene.ts';
import { startFakeAccountService, type FakeAccountService } from '../../../test/support/fake-account-service.ts';
import { runWalk, WALK_RANKS_CONF, WALK_SKIN_ACCOUNT, writeWalk, type Entry, type WalkSetups } from '../../../test/support/write-walk.ts';

describe('retries and the audit log over the Remote Access Service (in process)', () => {
  let scene: KernelScene;
  let mojang: FakeAccountService;

  before(async () => {
    mojang = await startFakeAccountService([WALK_SKIN_ACCOUNT]);
    scene = await startKernelScene([], { config: { 'core/skins.conf': mojang.conf, 'core/ranks.conf': WALK_RANKS_CONF } });
  });
  after(async () => {
    await scene?.close();
    await mojang?.stop();
  });

  it('applies a deposit posted twice with one Idempotency-Key once, and replays its answer after a restart', async () => {
    const { rs } = scene;
    const ann = scene.ann.uuid;
    const deposit = () => rs.call('POST', `/players/${ann}/balance/deposit`, scene.writer, { amount: 25 }, { 'Idempotency-Key': 'webhook-4711' });
    const balance = async () => (await rs.call('GET', `/players/${ann}/balance`, scene.reader)).json.data.amount as number;
    const before = await balance();
    const first = await deposit();
    assert.equal(first.status, 200);
    assert.equal(first.json.ok, true, first.text);
    assert.equal(first.headers['idempotent-replayed'], undefined);
    const second = await deposit();
    assert.equal(second.status, 200);
    assert.equal(second.text, first.text, 'the second answer is the first');
    assert.equal(second.headers['idempotent-replayed'], 'true');
    assert.equal(await balance(), before + 25, 'applied once');
    await scene.restart();
    const third = await deposit();
    assert.equal(third.text, first.text, 'replayed after the restart');
    assert.equal(third.headers['idempotent-replayed'], 'true');
    assert.equal(await balance(), before + 25, 'still applied once');
  });

  it('audits every write route, each prepared from outside: one entry per success by core-rest/writer, one core-rest.declined entry with its code per decline', async () => {
    // The restart above left nobody online: the walk's four players join.
    const players: Record<'Ann' | 'Ben' | 'Carl' | 'Dan', ScenePlayer> = {
      Ann: await scene.join('Ann'),
      Ben: await scene.join('Ben'),
      Carl: await scene.join('Carl'),
      Dan: await scene.join('Dan'),
    };
    const { rs } = scene;
    const uuids = { ann: players.Ann.uuid, ben: players.Ben.uuid, carl: players.Carl.uuid, dan: players.Dan.uuid };
    const nameOf = (uuid: string) => Object.entries(players).find(([, p]) => p.uuid === uuid)![0];
    const setups: WalkSetups = {
      grant: (uuid, node) => rs.console(`perm grant ${nameOf(uuid)} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to`)),
      async takeSnapshot(uuid) {
        const line = await rs.console(`invrollback snapshot ${nameOf(uuid)}`, /Snapshot of \w+: #\d+/);
        return Number(/#(\d+)/.exec(line)![1]);
      },
      async defineJail(name) {
        await rs.console('perm grant Ann core.moderation.setjail', /Granted core\.moderation\.setjail to Ann/);
        await players.Ann.run(`/setjail ${name}`, new RegExp(`Jail ${name} set at`));
      },
      createWorld: (name) => rs.console(`world create ${name} flat 1`, new RegExp(`World ${name} created`)),
      // The player asks for a code in game, the console redeems it (as the platform side would).
      async linkAccount(uuid) {
        const line = await players[nameOf(uuid) as 'Ann'].run('/link', /^Your link code: /);
        const code = /^Your link code: ([A-Z0-9]{8})/.exec(line)![1]!;
        await rs.console(`extlink redeem ${code} 123456789012345678`, /^Linked \w+ to the account 123456789012345678\./);
      },
    };
    const read = <T>(query: string, ...args: number[]): Promise<T[]> => scene.query<T>(query, ...args);
    const report = await runWalk(
      writeWalk(uuids, setups),
      setups,
      {
        post: (path, body) => rs.call('POST', path, scene.writer, body),
        lastId: async () => Number((await read<{ n: number | string | null }>('SELECT max(id) AS n FROM core_audit'))[0]?.n ?? 0),
        entriesAfter: async (id) =>
          (await read<Omit<Entry, 'details'> & { details: string }>('SELECT id, actor, action, target, details FROM core_audit WHERE id > ? ORDER BY id', id)).map((r) => ({
            ...r,
            id: Number(r.id),
            details: JSON.parse(String(r.details)) as Record<string, unknown>,
          })),
      },
      'core-rest/writer',
    );
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.skipped, []);
    // Every audited write of the token has its one line in the server log, and nothing else has:
    // a declined call did nothing, so it has none (src/core/log/audit-lines.ts).
    const entries = await read<{ action: string }>("SELECT action FROM core_audit WHERE actor = 'core-rest/writer' AND action <> 'core-rest.declined' ORDER BY id");
    const logged = scene.t.log.lines.filter((l) => / INFO core-rest\/writer /.test(l)).map((l) => / INFO core-rest\/writer ([^\s:]+)/.exec(l)![1]);
    assert.deepEqual([...logged].sort(), entries.map((e) => e.action).sort());
    assert.ok(logged.length > 60, `${logged.length} lines`);
    // Every POST operation the running service documents.
    const openapi = (await (await fetch(`http://127.0.0.1:${rs.port}/api/v1/openapi.json`, { headers: { authorization: `Bearer ${scene.reader}` } })).json()) as { paths: Record<string, Record<string, unknown>> };
    const posts = Object.values(openapi.paths).filter((item) => 'post' in item).length;
    assert.ok(posts > 50, `${posts} POST operations`);
    assert.equal(report.covered.length, posts);
  });
  it('logs who did a write through the API, what and to whom, on one line whatever the reason holds; a declined one not', async () => {
    const { rs } = scene;
    const eve = await scene.join('Eve');
    const mark = scene.t.log.lines.length;
    assert.equal((await rs.call('POST', `/players/${eve.uuid}/balance/deposit`, scene.writer, { amount: 12.5 })).json.ok, true);
    assert.equal((await rs.call('POST', `/players/${eve.uuid}/kick`, scene.writer, { reason: 'spam\nand more spam' })).json.ok, true);
    assert.equal((await rs.call('POST', `/players/${eve.uuid}/ban`, scene.writer, { reason: 'line one\r\nline two' })).json.ok, true);
    const declined = await rs.call('POST', `/players/${eve.uuid}/ban`, scene.writer, { reason: 'again' });
    assert.equal(declined.json.code, 'already-in-state');
    const lines = scene.t.log.lines.slice(mark).filter((l) => l.includes('core-rest/writer'));
    assert.deepEqual(
      lines.map((l) => l.replace(/^.* INFO /, '')),
      [
        'core-rest/writer economy.deposit Eve: amount=12.5 coins',
        'core-rest/writer moderation.kick Eve: reason="spam\\nand more spam", silent=false',
        'core-rest/writer moderation.ban Eve: reason="line one\\r\\nline two", duration-seconds=null, expires-at=null, silent=false',
      ],
    );
    assert.ok(
      scene.t.log.lines.slice(mark).every((l) => !/[\r\n]/.test(l)),
      'every entry is one line',
    );
  });
});
