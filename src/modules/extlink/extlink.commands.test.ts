import { after, before, beforeEach, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CONSOLE } from '../../core/kernel/actor.ts';
import { startTestKernel, type TestKernel } from '../../../test/support/test-kernel.ts';
import { value } from '../../../test/support/results.ts';
import { extlinkModule } from './index.ts';

const ID = '123456789012345678';

describe('extlink commands', () => {
  let t: TestKernel;
  const ids: Record<string, string> = {};
  const said = (who: string) => t.platform.messagesOf(ids[who]!);
  const codeOf = (line: string) => /Your link code: ([A-Z0-9]{8}) /.exec(line)?.[1];

  before(async () => {
    t = await startTestKernel({ modules: [extlinkModule] });
    for (const name of ['Ann', 'Ben']) ids[name] = (await t.join(name)).uuid;
  });
  beforeEach(() => t.platform.clearMessages());
  after(() => t.close());

  it('/link gives the player a code and how long it is valid; the console may not run it', async () => {
    await t.platform.run(ids.Ann!, 'link');
    const line = said('Ann').at(-1)!;
    assert.match(line, /^Your link code: [A-Z0-9]{8} \(valid for 10 minutes\)\./);
    await t.platform.run('console', 'link');
    assert.match(t.platform.consoleText().at(-1)!, /player/i);
  });

  it('/extlink redeem links the code’s player (console), then /link tells them they are linked', async () => {
    await t.platform.run(ids.Ann!, 'link');
    const code = codeOf(said('Ann').at(-1)!)!;
    await t.platform.run('console', `extlink redeem ${code} ${ID}`);
    assert.equal(t.platform.consoleText().at(-1), `Linked Ann to the account ${ID}.`);
    assert.equal(value(await t.kernel.api.extlink.ofAccount(ID))?.['player-name'], 'Ann');
    await t.platform.run(ids.Ann!, 'link');
    assert.match(said('Ann').at(-1)!, /already linked to the account 123456789012345678; unlink first/);
    await t.platform.run('console', 'extlink info Ann');
    assert.match(t.platform.consoleText().at(-1)!, /^Ann is linked to the account 123456789012345678 since /);
  });

  it('/extlink redeem names what is wrong: an unknown code, an id that is not a snowflake, missing arguments', async () => {
    await t.platform.run('console', `extlink redeem ABCDEFGH ${ID}`);
    assert.match(t.platform.consoleText().at(-1)!, /code ABCDEFGH is unknown or has expired/);
    await t.platform.run('console', 'extlink redeem ABCDEFGH 42');
    assert.match(t.platform.consoleText().at(-1)!, /"42" is not an account id: it must be 17-20 digits/);
    await t.platform.run('console', 'extlink redeem');
    assert.match(t.platform.consoleText().at(-1)!, /Usage: .*extlink redeem <code> <account-id>/);
  });

  it('/extlink is refused to a player without core.extlink.admin, naming the node', async () => {
    await t.platform.run(ids.Ben!, `extlink redeem ABCDEFGH ${ID}`);
    assert.match(said('Ben').at(-1)!, /permission \(core\.extlink\.admin\)/);
  });

  it('/unlink removes the player’s link; a second /unlink says they are not linked', async () => {
    await t.platform.run(ids.Ann!, 'unlink');
    assert.equal(said('Ann').at(-1), `Your link to the account ${ID} is removed.`);
    await t.platform.run(ids.Ann!, 'unlink');
    assert.equal(said('Ann').at(-1), 'You are not linked to an external account.');
    const [last] = await t.kernel.api.audit.history(ids.Ann!, 1);
    assert.deepEqual([last?.actor, last?.action], ['Ann', 'extlink.unlink']);
  });

  it('/extlink unlink <player> removes another player’s link', async () => {
    const { code } = value(await t.kernel.api.extlink.requestCode(ids.Ben!));
    value(await t.kernel.api.extlink.redeem(code, ID, CONSOLE));
    await t.platform.run('console', 'extlink unlink Ben');
    assert.equal(t.platform.consoleText().at(-1), `Removed the link between Ben and the account ${ID}.`);
    await t.platform.run('console', 'extlink info Ben');
    assert.equal(t.platform.consoleText().at(-1), 'Ben is not linked.');
  });
});
