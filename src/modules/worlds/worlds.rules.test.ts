import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defaultSettings, ENTRY_BYPASS_NODE, entryDenial, parseSetting, settingText } from './worlds.rules.ts';

const here = { world: 'mine', x: 1.25, y: 70, z: -3, yaw: 90, pitch: 0 };

describe('entryDenial', () => {
  const nobody = () => false;
  it('lets everyone into an open loaded world', () => {
    assert.equal(entryDenial('mine', 'open', true, nobody), undefined);
  });
  it('keeps everyone out of a world that is not loaded, bypass or not', () => {
    assert.deepEqual(entryDenial('mine', 'open', false, () => true), { reason: 'not-loaded', message: 'The world mine is not loaded.' });
  });
  it('keeps everyone out of a closed world but holders of the bypass node', () => {
    assert.equal(entryDenial('mine', 'closed', true, nobody)?.reason, 'closed');
    assert.equal(entryDenial('mine', 'closed', true, (n) => n === ENTRY_BYPASS_NODE), undefined);
  });
  it('asks core.worlds.enter.<name> of a permission world, and names it in the sentence', () => {
    assert.deepEqual(entryDenial('mine', 'permission', true, nobody), {
      reason: 'no-permission',
      message: 'You may not enter the world mine (it needs core.worlds.enter.mine).',
    });
    assert.equal(entryDenial('mine', 'permission', true, (n) => n === 'core.worlds.enter.mine'), undefined);
    assert.equal(entryDenial('mine', 'permission', true, (n) => n === 'core.worlds.enter.other')?.reason, 'no-permission');
  });
});

describe('defaultSettings', () => {
  it('starts open, pvp and build on, no game mode or spawn of its own', () => {
    assert.deepEqual(defaultSettings(true), { 'load-on-start': true, entry: 'open', 'game-mode': null, pvp: true, build: true, spawn: null });
    assert.equal(defaultSettings(false)['load-on-start'], false);
  });
});

describe('parseSetting', () => {
  it('reads on/off words for the switches, in any case', () => {
    assert.deepEqual(parseSetting('mine', 'pvp', 'OFF', undefined), { value: false });
    assert.deepEqual(parseSetting('mine', 'build', 'yes', undefined), { value: true });
    assert.deepEqual(parseSetting('mine', 'load-on-start', 'false', undefined), { value: false });
  });
  it('reads the entry rule and the game mode (none clears it)', () => {
    assert.deepEqual(parseSetting('mine', 'entry', 'Closed', undefined), { value: 'closed' });
    assert.deepEqual(parseSetting('mine', 'game-mode', 'creative', undefined), { value: 'creative' });
    assert.deepEqual(parseSetting('mine', 'game-mode', 'none', undefined), { value: null });
  });
  it('names the words a setting takes when the value is wrong', () => {
    assert.deepEqual(parseSetting('mine', 'entry', 'ajar', undefined), { problem: '"ajar" is not a value of entry: use open, permission, closed.' });
    assert.deepEqual(parseSetting('mine', 'pvp', 'maybe', undefined), { problem: '"maybe" is not a value of pvp: use true, false.' });
  });
  it('sets the spawn where the sender stands, only inside that world', () => {
    assert.deepEqual(parseSetting('mine', 'spawn', 'here', here), { value: here });
    assert.deepEqual(parseSetting('mine', 'spawn', 'default', here), { value: null });
    assert.match(JSON.stringify(parseSetting('other', 'spawn', 'here', here)), /You are in mine: stand in other to set its spawn there/);
    assert.match(JSON.stringify(parseSetting('mine', 'spawn', 'here', undefined)), /Only a player/);
  });
});

describe('settingText', () => {
  it('shows switches as on/off, none for null and a place rounded', () => {
    assert.deepEqual(([true, false, null, 'closed', here] as const).map((v) => settingText(v)), ['on', 'off', 'none', 'closed', '1.3, 70, -3']);
  });
});
