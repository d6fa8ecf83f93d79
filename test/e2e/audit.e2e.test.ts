// Retries and the audit log on the real server (docs/reliability.md, "Retries: Idempotency-Key" and
// "Audit"), with bots as the players:
//   - a deposit posted twice with one Idempotency-Key is applied once (the balance says so), the
//     second answer is the first, and after a restart a third retry still gets it;
//   - the write-route walk of test/support/write-walk.ts: every write route whose preparation the
//     server offers from outside (a bot, the console), each success leaving its audit entries by
//     core-rest/writer and each decline one core-rest.declined entry with its code, read from the
//     server's own database file.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, waitForMessage, type Bot } from './support/bots.ts';
import { startScene, type RestServer, type Scene } from './support/rest-server.ts';
import { startFakeAccountService, type FakeAccountService } from '../support/fake-account-service.ts';
import { runWalk, WALK_RANKS_CONF, WALK_SKIN_ACCOUNT, writeWalk, type Entry, type WalkSetups } from '../support/write-walk.ts';
import { ROUTES } from '../../src/rest/routes.ts';
import { readServerData } from './support/server-data.ts';

describe('retries and the audit log on the real server', () => {
  let scene: Scene;
  let rs: RestServer;
  let mojang: FakeAccountService;

  before(async () => {
    mojang = await startFakeAccountService([WALK_SKIN_ACCOUNT]);
    scene = await startScene([], { config: { 'core/skins.conf': mojang.conf, 'core/ranks.conf': WALK_RANKS_CONF } });
    rs = scene.rs;
  });
  after(async () => {
    await scene?.close();
    await mojang?.stop();
  });

  it('applies a deposit posted twice with one Idempotency-Key once, and replays its answer after a restart', async () => {
    const ann = scene.ann.player.uuid;
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
    rs = await scene.restart();
    const third = await deposit();
    assert.equal(third.text, first.text, 'replayed after the restart');
    assert.equal(third.headers['idempotent-replayed'], 'true');
    assert.equal(await balance(), before + 25, 'still applied once');
  });

  it('audits every write route it can prepare: one entry per success by core-rest/writer, one core-rest.declined entry with its code per decline', async () => {
    const bots: Record<'Ann' | 'Ben' | 'Carl' | 'Dan', Bot> = {
      Ann: await joinBot(rs.server.gamePort, 'Ann'),
      Ben: await joinBot(rs.server.gamePort, 'Ben'),
      Carl: await joinBot(rs.server.gamePort, 'Carl'),
      Dan: await joinBot(rs.server.gamePort, 'Dan'),
    };
    const players = { ann: bots.Ann.player.uuid, ben: bots.Ben.player.uuid, carl: bots.Carl.player.uuid, dan: bots.Dan.player.uuid };
    const nameOf = (uuid: string) => Object.entries(bots).find(([, b]) => b.player.uuid === uuid)![0];
    const setups: WalkSetups = {
      grant: (uuid, node) => rs.console(`perm grant ${nameOf(uuid)} ${node}`, new RegExp(`Granted ${node.replaceAll('.', '\\.')} to`)),
      async takeSnapshot(uuid) {
        const line = await rs.console(`invrollback snapshot ${nameOf(uuid)}`, /Snapshot of \w+: #\d+/);
        return Number(/#(\d+)/.exec(line)![1]);
      },
      async defineJail(name) {
        await rs.console('perm grant Ann core.moderation.setjail', /Granted core\.moderation\.setjail to Ann/);
        const set = waitForMessage(bots.Ann, new RegExp(`Jail ${name} set at`));
        bots.Ann.chat(`/setjail ${name}`);
        await set;
      },
      createWorld: (name) => rs.console(`world create ${name} flat 1`, new RegExp(`World ${name} created`)),
      // No linkAccount: a link is made by redeeming a code through the Discord bot.
    };
    const read = <T>(query: string, ...args: number[]): Promise<T[]> => readServerData<T>(rs.server.dataDir, query, ...args);
    const report = await runWalk(
      writeWalk(players, setups),
      setups,
      {
        post: (path, body) => rs.call('POST', path, scene.writer, body),
        lastId: async () => Number((await read<{ n: number | null }>('SELECT max(id) AS n FROM core_audit'))[0]?.n ?? 0),
        entriesAfter: async (id) =>
          (await read<Entry & { details: string }>('SELECT id, actor, action, target, details FROM core_audit WHERE id > ? ORDER BY id', id)).map((r) => ({
            ...r,
            details: JSON.parse(r.details) as Record<string, unknown>,
          })),
      },
      'core-rest/writer',
    );
    assert.deepEqual(report.problems, []);
    assert.deepEqual(report.skipped, ['POST /players/:uuid/extlink/unlink (needs linkAccount)']);
    assert.equal(report.covered.length, ROUTES.filter((r) => r.method === 'POST').length - 1);
  });
});
