import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ranksConfig } from './ranks.config.ts';

const money = () => ({ default: 'coins', currencies: [{ name: 'coins', 'decimal-places': 2 }, { name: 'gems', 'decimal-places': 0 }] });

function load(text?: string) {
  const dir = mkdtempSync(join(tmpdir(), 'ranks-conf-'));
  try {
    if (text !== undefined) writeFileSync(join(dir, 'ranks.conf'), text);
    const c = ranksConfig.load(dir, money());
    return { c, written: readFileSync(join(dir, 'ranks.conf'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('ranks.conf', () => {
  it('writes the example ladder on first start and reads it', () => {
    const { c, written } = load();
    assert.equal(written, ranksConfig.defaultText());
    assert.deepEqual(c.rungs.map((r) => r.name), ['member', 'regular', 'veteran']);
    assert.equal(c.currency, 'coins');
    assert.equal(c.rungs[1]!.costMinor, 50000);
    assert.equal(c.prestigeCostMinor, 1000000);
  });

  it('takes a currency of economy.conf', () => {
    const { c } = load('currency = "gems"\n[[rungs]]\nname = "a"\ngroup = "default"\ncost = 3\n');
    assert.deepEqual([c.currency, c.rungs[0]!.costMinor, c.maxPrestige], ['gems', 3, 0]);
  });

  const refuses = (text: string, what: RegExp) => assert.throws(() => load(text), what);
  it('refuses, naming the file, line and key: unknown keys, bad names, duplicates, bad amounts, no rungs', () => {
    refuses('colour = 1\n[[rungs]]\nname = "a"\ngroup = "default"\n', /ranks\.conf line 1, key "colour": is not a key/);
    refuses('[[rungs]]\nname = "A b"\ngroup = "default"\n', /key "rungs\[1\]\.name": must be 1-32 of a-z/);
    refuses('[[rungs]]\nname = "a"\ngroup = "default"\n[[rungs]]\nname = "a"\ngroup = "x"\n', /line 5, key "rungs\[2\]\.name": "a" names two rungs/);
    refuses('[[rungs]]\nname = "a"\ngroup = "default"\ncost = 1.234\n', /line 4, key "rungs\[1\]\.cost".*2 decimal places/);
    refuses('[[rungs]]\nname = "a"\ngroup = "default"\ncost = -1\n', /key "rungs\[1\]\.cost"/);
    refuses('[[rungs]]\nname = "a"\ngroup = "default"\nmin-playtime-seconds = 1.5\n', /key "rungs\[1\]\.min-playtime-seconds"/);
    refuses('[[rungs]]\nname = "a"\n', /key "rungs\[1\]\.group"/);
    refuses('[[rungs]]\nname = "a"\ngroup = "default"\nperk = 1\n', /key "rungs\[1\]\.perk": is not a key of a rung/);
    refuses('currency = "euro"\n[[rungs]]\nname = "a"\ngroup = "default"\n', /key "currency"/);
    refuses('prestige-cost = 5\n', /at least one \[\[rungs\]\]/);
  });
});
