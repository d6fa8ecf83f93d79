import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { StartupError, startupFailure } from './startup-failure.ts';

const options = { port: 25565, debug: false };

describe('startupFailure', () => {
  it('tells a taken game port with the port and the flag that changes it', () => {
    const e = Object.assign(new Error('listen EADDRINUSE: address already in use :::25565'), { code: 'EADDRINUSE', syscall: 'listen' });
    assert.equal(startupFailure(e, options), 'the game port 25565 is already in use by another program; stop it or choose another port with --port.');
  });

  it('keeps a message on one line, ending in exactly one period', () => {
    assert.equal(startupFailure(new Error('kits.conf line 3, key "kits.x": bad.\n  hint'), options), 'kits.conf line 3, key "kits.x": bad. hint.');
    assert.equal(startupFailure(new StartupError('The data folder /x is a file, not a folder.'), options), 'The data folder /x is a file, not a folder.');
  });

  it('points at --debug for a programming error, and not when --debug is on', () => {
    assert.match(startupFailure(new TypeError('x is undefined'), options), /--debug prints its stack/);
    assert.equal(startupFailure(new TypeError('x is undefined'), { ...options, debug: true }), 'x is undefined.');
  });
});
