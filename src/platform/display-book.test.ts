import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DisplayBook } from './display-book.ts';
import { checkSidebar, soundSettings, titleTicks, type NameColor } from './display.ts';

describe('DisplayBook', () => {
  it('keeps a copy of a sidebar, so a caller changing its list changes nothing shown', () => {
    const book = new DisplayBook();
    const lines = ['a', 'b'];
    book.setSidebar('v', { title: 'T', lines });
    lines.push('c');
    assert.deepEqual(book.sidebar('v'), { title: 'T', lines: ['a', 'b'] });
    assert.deepEqual(book.removeSidebar('v'), { title: 'T', lines: ['a', 'b'] });
    assert.equal(book.sidebar('v'), undefined);
  });

  it("shows a viewer's own nametag over everyone's, and everyone's again once it is cleared", () => {
    const book = new DisplayBook();
    book.setNametag('t', { prefix: '[All] ' });
    book.setNametag('t', { prefix: '[Mine] ' }, 'v');
    assert.deepEqual(book.nametag('t', 'v'), { prefix: '[Mine] ' });
    assert.deepEqual(book.nametag('t', 'w'), { prefix: '[All] ' });
    assert.deepEqual(book.nametag('t'), { prefix: '[All] ' });
    book.setNametag('t', undefined, 'v');
    assert.deepEqual(book.nametag('t', 'v'), { prefix: '[All] ' });
    assert.deepEqual(book.nametagTargets(), ['t']);
  });

  it("falls back to everyone's tab list text, which outlives the players who leave", () => {
    const book = new DisplayBook();
    book.setTabListText({ header: 'H', footer: 'F' });
    book.setTabListText({ header: 'mine', footer: '' }, 'v');
    assert.equal(book.tabListText('v')?.header, 'mine');
    assert.equal(book.hasOwnTabListText('v'), true);
    book.left('v');
    assert.equal(book.tabListText('v')?.header, 'H');
    assert.equal(book.hasOwnTabListText('v'), false);
  });

  it('forgets a player who left as viewer and as target', () => {
    const book = new DisplayBook();
    book.setSidebar('v', { title: 'T', lines: [] });
    book.setNametag('v', { suffix: '!' });
    book.setNametag('t', { suffix: '?' }, 'v');
    book.setTabName('v', 'Vee');
    book.left('v');
    assert.equal(book.sidebar('v'), undefined);
    assert.equal(book.nametag('v'), undefined);
    assert.equal(book.nametag('t', 'v'), undefined);
    assert.deepEqual(book.nametagTargets(), []);
    assert.equal(book.tabName('v'), undefined);
  });

  it('refuses what the game cannot show, naming it', () => {
    const book = new DisplayBook();
    assert.throws(() => book.setSidebar('v', { title: 'T', lines: Array(16).fill('x') }), /at most 15 lines, got 16/);
    assert.throws(() => book.setNametag('t', { color: 'pink' as NameColor }), /unknown name colour "pink"/);
    assert.doesNotThrow(() => checkSidebar({ title: 'T', lines: Array(15).fill('x') }));
  });
});

describe('display checks', () => {
  it('applies the game defaults to title times and refuses a negative one', () => {
    assert.deepEqual(titleTicks({ title: 'x' }), { fadeIn: 10, stay: 70, fadeOut: 20 });
    assert.throws(() => titleTicks({ title: 'x', stayTicks: -1 }), /stayTicks must be a whole number of ticks from 0, got -1/);
    assert.throws(() => titleTicks({ title: 'x', fadeInTicks: 1.5 }), /fadeInTicks/);
  });

  it('refuses an unknown sound, category, or a pitch out of range', () => {
    assert.deepEqual(soundSettings('s', true), { volume: 1, pitch: 1, category: 'master' });
    assert.throws(() => soundSettings('no.such', false), /unknown sound "no.such"/);
    assert.throws(() => soundSettings('s', true, { pitch: 3 }), /pitch must be from 0.5 to 2, got 3/);
    assert.throws(() => soundSettings('s', true, { volume: -1 }), /volume must be 0 or more/);
  });
});
