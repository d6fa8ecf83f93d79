import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CHAT_CHECK_FAILED, createChain, installChains, LOGIN_CHECK_FAILED } from './chains.ts';
import { memoryLogger } from '../log/log.ts';
import { FakePlatform, plain } from '../../../test/support/fake-platform.ts';

function setup() {
  const platform = new FakePlatform();
  const log = memoryLogger();
  const chains = installChains(platform, log);
  return { platform, log, ...chains };
}

describe('createChain', () => {
  it('keeps links in the order they were added and removes exactly the one asked', () => {
    const chain = createChain<string>();
    const removeA = chain.add('a');
    chain.add('b');
    const removeSecondA = chain.add('a');
    removeA();
    assert.deepEqual(chain.links(), ['b', 'a']);
    removeSecondA();
    removeSecondA();
    assert.deepEqual(chain.links(), ['b']);
  });
});

describe('the chat filter chain', () => {
  it('shows a message every filter lets through', () => {
    const { platform, chat } = setup();
    const alice = platform.join('Alice')!.uuid;
    chat.addFilter(() => undefined);
    assert.equal(platform.chat(alice, 'hello'), true);
    assert.deepEqual(platform.cancelledChat, []);
  });

  it('stops at the first filter that cancels, tells the sender its reply, and asks no later filter', () => {
    const { platform, chat } = setup();
    const alice = platform.join('Alice')!.uuid;
    const asked: string[] = [];
    chat.addFilter(() => void asked.push('first'));
    chat.addFilter(() => {
      asked.push('mute');
      return { cancel: true, reply: 'You are muted.' };
    });
    chat.addFilter(() => {
      asked.push('staff');
      return { cancel: true };
    });
    assert.equal(platform.chat(alice, 'hello'), false);
    assert.deepEqual(asked, ['first', 'mute']);
    assert.deepEqual(platform.messagesOf(alice), ['You are muted.']);
  });

  it('cancels silently when the cancelling filter gives no reply', () => {
    const { platform, chat } = setup();
    const alice = platform.join('Alice')!.uuid;
    chat.addFilter(() => ({ cancel: true }));
    assert.equal(platform.chat(alice, '# staff only'), false);
    assert.deepEqual(platform.messagesOf(alice), []);
  });

  it('lets a message through again once the cancelling filter is removed', () => {
    const { platform, chat } = setup();
    const alice = platform.join('Alice')!.uuid;
    const remove = chat.addFilter(() => ({ cancel: true }));
    assert.equal(platform.chat(alice, 'one'), false);
    remove();
    assert.equal(platform.chat(alice, 'two'), true);
  });

  it('logs a filter that throws and does not send the message, telling the sender why', () => {
    const { platform, log, chat } = setup();
    const alice = platform.join('Alice')!.uuid;
    let later = false;
    chat.addFilter(() => {
      throw new Error('mute table gone');
    });
    chat.addFilter(() => void (later = true));
    assert.equal(platform.chat(alice, 'hello'), false);
    assert.equal(later, false);
    assert.deepEqual(platform.messagesOf(alice), [CHAT_CHECK_FAILED]);
    assert.ok(log.lines.some((l) => /a chat filter failed on a message of Alice/.test(l)), log.lines.join('\n'));
    assert.ok(log.lines.some((l) => l.includes('mute table gone')));
  });
});

describe('the login gate chain', () => {
  it('lets a player in when every gate does', () => {
    const { platform, logins } = setup();
    logins.addGate(() => undefined);
    assert.ok(platform.join('Alice'));
  });

  it('refuses with the reason of the first gate that refuses; later gates are not asked', () => {
    const { platform, logins } = setup();
    const asked: string[] = [];
    logins.addGate((_uuid, name) => {
      asked.push(`ban ${name}`);
      return name === 'Mallory' ? 'You are banned.' : undefined;
    });
    logins.addGate(() => {
      asked.push('whitelist');
      return 'Not whitelisted.';
    });
    assert.equal(platform.join('Mallory'), undefined);
    assert.deepEqual(asked, ['ban Mallory']);
    assert.deepEqual(
      platform.refusedLogins.map((r) => [r.name, plain(r.reason)]),
      [['Mallory', 'You are banned.']],
    );
  });

  it('refuses a login when a gate throws, with a reason for the player and the error in the log', () => {
    const { platform, log, logins } = setup();
    logins.addGate(() => {
      throw new Error('bans unreadable');
    });
    assert.equal(platform.join('Alice'), undefined);
    assert.equal(plain(platform.refusedLogins[0]!.reason), LOGIN_CHECK_FAILED);
    assert.ok(log.lines.some((l) => /a login gate failed on the login of Alice/.test(l)), log.lines.join('\n'));
  });

  it('passes the uuid, name and address the client logs in with', () => {
    const { platform, logins } = setup();
    const seen: string[][] = [];
    logins.addGate((uuid, name, address) => void seen.push([uuid, name, address]));
    platform.join('Alice', { uuid: '00000000-0000-3000-8000-000000000001', address: '10.0.0.7' });
    assert.deepEqual(seen, [['00000000-0000-3000-8000-000000000001', 'Alice', '10.0.0.7']]);
  });
});

describe('installChains', () => {
  it('takes its functions out of the platform slots when uninstalled', () => {
    const { platform, uninstall } = setup();
    assert.ok(platform.chatFilter && platform.loginGate);
    uninstall();
    assert.equal(platform.chatFilter, undefined);
    assert.equal(platform.loginGate, undefined);
  });
});
