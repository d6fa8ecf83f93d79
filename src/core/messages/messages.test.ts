import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { OnlinePlayer, Text, TextComponent } from '../../platform/platform.ts';
import { defineMessages, duration } from './catalogue.ts';
import { gatherMessages } from './gather.ts';
import { createMessages } from './messages.ts';
import { readOverrideFile, type Overrides } from './overrides.ts';

const SHOP = defineMessages(
  'shop',
  {
    error: { 'shop.closed': 'The shop {shop} is closed for {wait}.' },
    success: { 'shop.bought': 'You bought {count} items.' },
  },
  { de: { 'shop.closed': 'Der Laden {shop} ist noch {wait} zu.', 'shop.bought': 'Du hast {count} Dinge gekauft.' } },
);
const entries = gatherMessages([{ name: 'shop', messages: SHOP }]);
const { msg } = SHOP;

const plain = (t: Text): string => (typeof t === 'string' ? t : t.text + (t.extra ?? []).map(plain).join(''));

function setup(options: { overrides?: Record<string, string>; language?: string } = {}) {
  const players = new Map<string, OnlinePlayer>();
  const sent: Array<[string, Text]> = [];
  const overrides: Overrides = new Map(Object.entries(options.overrides ?? {}).map(([l, text]) => [l, readOverrideFile(`${l}.conf`, text, entries)]));
  const messages = createMessages({
    platform: {
      player: (uuid) => players.get(uuid),
      onlinePlayers: () => [...players.values()],
      sendMessage: (uuid, m) => (players.has(uuid) ? (sent.push([uuid, m]), true) : false),
    },
    entries,
    overrides: () => overrides,
    defaultLanguage: () => options.language ?? 'en',
  });
  const join = (name: string, locale?: string) => {
    const p: OnlinePlayer = { uuid: `${name}-uuid`, name, address: '127.0.0.1', ...(locale ? { locale } : {}) };
    players.set(p.uuid, p);
    return p.uuid;
  };
  return { messages, join, sent };
}

describe('messages', () => {
  const closed = msg('shop.closed', { shop: 'Bakery', wait: duration(3599) });

  it('writes a message in the style of its group, its values in the value colour', () => {
    const { messages } = setup();
    const t = messages.render(closed);
    assert.equal(plain(t), 'The shop Bakery is closed for 59 min 59 s.');
    assert.equal(t.color, 'red');
    assert.deepEqual(
      (t.extra as TextComponent[]).filter((p) => p.color === 'yellow').map((p) => p.text),
      ['Bakery', '59 min 59 s'],
    );
    assert.equal(messages.render(msg('shop.bought', { count: 3 })).color, 'green');
  });

  it('writes to each player in the language of their game, durations and numbers included', () => {
    const { messages, join } = setup();
    const de = join('Dora', 'de_de');
    const en = join('Eve', 'en_us');
    const fr = join('Fleur', 'fr_fr');
    const unknown = join('Nobody');
    assert.equal(messages.plain(closed, de), 'Der Laden Bakery ist noch 59 Min. 59 Sek. zu.');
    assert.equal(messages.plain(msg('shop.bought', { count: 1234 }), de), 'Du hast 1.234 Dinge gekauft.');
    assert.equal(messages.plain(closed, en), 'The shop Bakery is closed for 59 min 59 s.');
    assert.equal(messages.plain(closed, fr), 'The shop Bakery is closed for 59 min 59 s.');
    assert.equal(messages.plain(closed, unknown), 'The shop Bakery is closed for 59 min 59 s.');
    assert.equal(messages.languageOf(fr), 'en');
  });

  it('falls back to the server’s default language, then English', () => {
    const { messages, join } = setup({ language: 'de', overrides: { fr: 'shop.bought = "Vous avez acheté {count} choses."' } });
    const fr = join('Fleur', 'fr_fr');
    const pt = join('Paula', 'pt_br');
    assert.equal(messages.plain(msg('shop.bought', { count: 2 }), fr), 'Vous avez acheté 2 choses.');
    // French has no shop.closed: the default language, German.
    assert.equal(messages.plain(closed, fr), 'Der Laden Bakery ist noch 59 Min. 59 Sek. zu.');
    assert.equal(messages.plain(closed, pt), 'Der Laden Bakery ist noch 59 Min. 59 Sek. zu.');
    assert.equal(messages.plain(closed), 'Der Laden Bakery ist noch 59 Min. 59 Sek. zu.');
  });

  it('takes the operator’s text with & codes, hex colours, click and hover; a value never acts as markup', () => {
    const { messages } = setup({
      overrides: { en: '[shop]\nclosed = "&#ff8800Closed: <hover:Come back later><click:run:/shop {shop}>{shop}</click></hover> for &l{wait}"' },
    });
    const t = messages.render(msg('shop.closed', { shop: '&a<click:run:/op me>x', wait: duration(61) }));
    assert.equal(plain(t), 'Closed: &a<click:run:/op me>x for 1 min 1 s');
    const parts = t.extra as TextComponent[];
    assert.deepEqual(parts[0], { text: 'Closed: ', color: '#ff8800' });
    assert.equal(parts[1]!.clickEvent?.value, '/shop &a<click:run:/op me>x');
    assert.deepEqual(parts[1]!.hoverEvent, { action: 'show_text', contents: { text: '', extra: [{ text: 'Come back later' }] } });
    assert.deepEqual(parts[3], { text: '1 min 1 s', color: '#ff8800', bold: true });
  });

  it('tells an online player, and answers false for one who is not', () => {
    const { messages, join, sent } = setup();
    const de = join('Dora', 'de_de');
    assert.equal(messages.tell(de, closed), true);
    assert.equal(messages.tell('nobody', closed), false);
    assert.equal(plain(sent[0]![1]), 'Der Laden Bakery ist noch 59 Min. 59 Sek. zu.');
  });
});

describe('override files', () => {
  const problem = (text: string) => {
    try {
      readOverrideFile('data/core/messages/en.conf', text, entries);
    } catch (e) {
      return (e as Error).message;
    }
    assert.fail('no problem found');
  };

  it('reports an unknown key with the file, the line and the key, and a guess', () => {
    assert.equal(
      problem('# mine\nshop.closd = "x {shop} {wait}"\n'),
      'data/core/messages/en.conf line 2, key "shop.closd": there is no message with this key (did you mean shop.closed?); docs/messages.md lists them',
    );
  });

  it('reports a placeholder the message does not have, and one it needs that is missing', () => {
    assert.equal(
      problem('[shop]\nbought = "You bought {count} {item}."\n'),
      'data/core/messages/en.conf line 2, key "shop.bought": this message has no placeholder {item}; it has {count}',
    );
    assert.equal(problem('shop.closed = "Closed: {shop}."'), 'data/core/messages/en.conf line 1, key "shop.closed": the text leaves out {wait}, which the message needs');
  });

  it('reports text that is not a template, a value that is not text, and a file that is not TOML', () => {
    assert.match(problem('shop.bought = "<click:run:/x>{count}"'), /line 1, key "shop.bought": a <click:…> is not closed/);
    assert.match(problem('shop.bought = 3'), /line 1, key "shop.bought": a message is text in double quotes/);
    assert.match(problem('shop.bought = "x'), /line 1, key "shop.bought": the text in quotes is not closed/);
  });
});
