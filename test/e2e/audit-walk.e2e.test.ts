// The write-route walk of test/support/write-walk.ts on the real server (docs/reliability.md,
// "Audit"), with four bots as the players: every write route whose preparation the server offers
// from outside (a bot, the console), each success leaving its audit entries by core-rest/writer and
// each decline one core-rest.declined entry with its code, read from the server's own database.
// A server of its own: the walk bans, kicks, jails and vanishes players, which no shared scene
// could carry (the same walk in process: src/rest/audit-walk.test.ts).

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { joinBot, quitAll, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir } from './support/server-process.ts';
import { startFakeAccountService, type FakeAccountService } from '../support/fake-account-service.ts';
import { runWalk, WALK_RANKS_CONF, WALK_SKIN_ACCOUNT, writeWalk, type Entry, type WalkSetups } from '../support/write-walk.ts';
import { ROUTES } from '../support/published.ts';
import { readServerData } from './support/server-data.ts';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

describe('the audit log of every write route on the real server', () => {
  let rs: RestServer;
  let mojang: FakeAccountService;
  let writer: string;
  const dataDir = newDataDir();

  before(async () => {
    mojang = await startFakeAccountService([WALK_SKIN_ACCOUNT]);
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(join(dataDir, 'core', 'skins.conf'), mojang.conf);
    writeFileSync(join(dataDir, 'core', 'ranks.conf'), WALK_RANKS_CONF);
    rs = await startRestServer({ dataDir });
    writer = await rs.token('writer', 'read,write,events');
  });
  after(async () => {
    await quitAll();
    await rs?.stop();
    await mojang?.stop();
    rmSync(dataDir, { recursive: true, force: true });
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
        post: (path, body) => rs.call('POST', path, writer, body),
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
