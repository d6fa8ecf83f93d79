import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigCheck } from './config-define.ts';
import { createConfigFiles } from './config-reload.ts';
import { lines, oneOf, ValueProblem } from './config-schema.ts';

const shop = defineConfig({
  file: 'shop.conf',
  header: lines('Shop.', '', 'Sells things.'),
  schema: Type.Object({
    'open-seconds': Type.Integer({ default: 60, minimum: 1, maximum: 3600, unit: 'seconds', description: lines('How long it opens.', 'Two lines.') }),
    'close-seconds': Type.Integer({ default: 5, minimum: 0 }),
    mode: oneOf(['quiet', 'loud'], { default: 'quiet', description: 'How it speaks.' }),
    greetings: Type.Array(Type.String({ maxLength: 8 }), { default: [], examples: [['hi', 'hello']], multiline: true, maxItems: 3, unit: 'greetings', description: 'What it says.' }),
    port: Type.Integer({ default: 8000, minimum: 0, maximum: 65535, restart: true, description: 'Its port.' }),
    sign: Type.Object(
      {
        text: Type.String({ default: '', examples: ['Shop'], description: 'On the sign.' }),
        lit: Type.Boolean({ default: false }),
      },
      { default: {} },
    ),
    items: Type.Record(
      Type.String({ pattern: '^[a-z]+$' }),
      Type.Object({ price: Type.Number({ minimum: 0, description: 'What it costs.' }), stock: Type.Integer({ default: 1, minimum: 0 }) }, { title: 'an item' }),
      {
        default: {},
        errorMessage: { propertyNames: 'an item name is a-z only' },
        description: 'The items, one table each.',
        examples: [{ apple: { price: 1.5 }, pear: { price: 2, stock: 3 } }],
        comments: { apple: 'A fruit.' },
      },
    ),
  }),
  mark: { restart: ' Needs a restart.' },
});

const SHOP_TEXT = `# Shop.
#
# Sells things.

# How long it opens.
# Two lines.
open-seconds = 60
close-seconds = 5

# How it speaks.
mode = "quiet"

# What it says.
greetings = [
  "hi",
  "hello",
]

# Its port. Needs a restart.
port = 8000

[sign]
# On the sign.
text = "Shop"
lit = false

# The items, one table each.

# A fruit.
[items.apple]
# What it costs.
price = 1.5

[items.pear]
price = 2
stock = 3
`;

describe('defineConfig', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'config-define-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const file = () => join(dir, 'shop.conf');
  const problemOf = (text: string): string => {
    try {
      shop.parse('shop.conf', text);
    } catch (e) {
      return (e as Error).message;
    }
    return 'no problem';
  };

  it('writes the default file from the schema: header, commented keys, tables, entries of a Record', () => {
    assert.equal(shop.defaultText(), SHOP_TEXT);
    const read = shop.load(dir);
    assert.equal(readFileSync(file(), 'utf8'), SHOP_TEXT);
    // Examples are written, and read as any value of the file; keys as fields.
    assert.deepEqual(read, {
      openSeconds: 60,
      closeSeconds: 5,
      mode: 'quiet',
      greetings: ['hi', 'hello'],
      port: 8000,
      sign: { text: 'Shop', lit: false },
      items: { apple: { price: 1.5, stock: 1 }, pear: { price: 2, stock: 3 } },
    });
  });

  it('fills in the default of every key the file leaves out, in tables too', () => {
    assert.deepEqual(shop.parse('shop.conf', '[items.fig]\nprice = 3\n'), {
      openSeconds: 60,
      closeSeconds: 5,
      mode: 'quiet',
      greetings: [],
      port: 8000,
      sign: { text: '', lit: false },
      items: { fig: { price: 3, stock: 1 } },
    });
  });

  it('tells a value the schema refuses in one line: file, line, key, and the words of its kind', () => {
    assert.equal(problemOf('open-seconds = 0\n'), 'shop.conf line 1, key "open-seconds": must be a whole number of seconds from 1 to 3600');
    assert.equal(problemOf('\nopen-seconds = 1.5\n'), 'shop.conf line 2, key "open-seconds": must be a whole number of seconds from 1 to 3600');
    assert.equal(problemOf('close-seconds = -1\n'), 'shop.conf line 1, key "close-seconds": must be a whole number of at least 0');
    assert.equal(problemOf('mode = "shouting"\n'), 'shop.conf line 1, key "mode": must be "quiet" or "loud"');
    assert.equal(problemOf('greetings = "hi"\n'), 'shop.conf line 1, key "greetings": must be a list');
    assert.equal(problemOf('greetings = ["a", "b", "c", "d"]\n'), 'shop.conf line 1, key "greetings": holds at most 3 greetings, not 4');
    assert.equal(problemOf('greetings = [\n  "a",\n  "good morning",\n]\n'), 'shop.conf line 3, key "greetings[2]": must be at most 8 characters');
    assert.equal(problemOf('[sign]\nlit = "yes"\n'), 'shop.conf line 2, key "sign.lit": must be true or false');
    assert.equal(problemOf('[sign]\ntext = 3\n'), 'shop.conf line 2, key "sign.text": must be a text in quotes');
  });

  it('tells an unknown key, naming the table it is not a key of', () => {
    assert.equal(problemOf('x = 1\nopen = 1\n'), 'shop.conf line 1, key "x": is not a key of this file');
    assert.equal(problemOf('[sign]\ncolour = 1\n'), 'shop.conf line 2, key "sign.colour": is not a key of [sign] (text, lit)');
    assert.equal(problemOf('[items.fig]\nprice = 1\nweight = 2\n'), 'shop.conf line 3, key "items.fig.weight": is not a key of an item (price, stock)');
    assert.equal(problemOf('[items.Fig]\nprice = 1\n'), 'shop.conf line 1, key "items.Fig": an item name is a-z only');
  });

  it('tells a key the file must set and does not at its table', () => {
    assert.equal(problemOf('[items.fig]\nstock = 1\n'), 'shop.conf line 1, key "items.fig.price": is missing: it must be a number of at least 0');
  });

  it('tells a TOML mistake as every config file does', () => {
    assert.equal(problemOf('mode = quiet\n'), 'shop.conf line 1, key "mode": `quiet` is not a value: put text in double quotes; true and false, numbers and lists [ ] go without');
  });

  it('runs the Transforms of the schema and the file’s check and decode, telling their problems at their keys', () => {
    const lists = defineConfig({
      file: 'lists.conf',
      header: 'Lists.',
      schema: Type.Object({
        names: Type.Transform(Type.Array(Type.String(), { default: [] }))
          .Decode((names) => {
            const bad = names.findIndex((n) => n !== n.toLowerCase());
            if (bad >= 0) throw new ValueProblem(`"${names[bad]}" is not in lower case`, `[${bad + 1}]`);
            return names;
          })
          .Encode((v) => v),
        first: Type.String({ default: '' }),
        limit: Type.Integer({ default: 0 }),
      }),
      check(settings, at: ConfigCheck<{ max: number }>) {
        if (settings.limit > at.context.max) at.problem('limit', `must be at most ${at.context.max}`);
      },
      decode: (settings, at: ConfigCheck<{ max: number }>) => {
        if (settings.first !== '' && !settings.names.includes(settings.first)) at.problem('first', 'must be one of the names');
        return { names: new Set(settings.names), first: settings.first };
      },
    });
    const parse = (text: string) => () => lists.parse('lists.conf', text, { max: 5 });
    assert.throws(parse('names = [\n  "a",\n  "B",\n]\n'), { message: 'lists.conf line 3, key "names[2]": "B" is not in lower case' });
    assert.throws(parse('limit = 6\n'), { message: 'lists.conf line 1, key "limit": must be at most 5' });
    assert.throws(parse('names = ["a"]\nfirst = "b"\n'), { message: 'lists.conf line 2, key "first": must be one of the names' });
    assert.deepEqual(parse('names = ["a"]\nfirst = "a"\n')(), { names: new Set(['a']), first: 'a' });
  });

  it('tells `core reload` which keys changed, a Record’s entries one by one, and keeps a restart key at its old value', () => {
    writeFileSync(file(), 'port = 8000\n[items.fig]\nprice = 1\n[items.kiwi]\nprice = 1\n');
    const configs = createConfigFiles();
    const settings = configs.load(shop.reloadable(dir));
    writeFileSync(file(), 'port = 9000\nmode = "loud"\n[items.fig]\nprice = 2\n[items.kiwi]\nprice = 1\n');
    assert.deepEqual(configs.reloadAll(), [{ file: 'shop.conf', outcome: 'changed', applied: ['items.fig', 'mode'], restart: ['port'] }]);
    assert.equal(settings().port, 8000, 'the port waits for the next start');
    assert.equal(settings().mode, 'loud');
    // Read again unchanged: the port still waits, nothing else changed.
    assert.deepEqual(configs.reloadAll(), [{ file: 'shop.conf', outcome: 'changed', applied: [], restart: ['port'] }]);
    writeFileSync(file(), 'port = 8000\nmode = "loud"\n[items.fig]\nprice = 2\n[items.kiwi]\nprice = 1\n');
    assert.deepEqual(configs.reloadAll(), [{ file: 'shop.conf', outcome: 'unchanged' }]);
  });
});
