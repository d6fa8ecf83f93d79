import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scoreboardConfig } from './scoreboard.config.ts';

function withDir(run: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'scoreboard-conf-'));
  try {
    run(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('scoreboard.conf', () => {
  it('is written with comments on first start: a sidebar with the placeholders, a header, and admin before moderator', () =>
    withDir((dir) => {
      const c = scoreboardConfig.load(dir);
      assert.equal(c.refreshSeconds, 5);
      assert.deepEqual(c.sidebar.lines, ['&7Player: &f{player}', '&7Balance: &a{balance}', '&7Rank: &b{rank}', '&7Online: &f{online}']);
      assert.deepEqual(c.tablist.header, ['&6&lWelcome, {player}']);
      assert.deepEqual(
        c.nametags.map((n) => [n.group, n.prefix, n.color]),
        [
          ['admin', '&c[Admin] ', 'red'],
          ['moderator', '&9[Mod] ', 'blue'],
        ],
      );
      assert.match(readFileSync(join(dir, 'scoreboard.conf'), 'utf8'), /a player wears the FIRST one/);
    }));

  it('leaves out what is not written: no sidebar lines, no header, no nametags', () =>
    withDir((dir) => {
      writeFileSync(join(dir, 'scoreboard.conf'), 'refresh-seconds = 2\n');
      assert.deepEqual(scoreboardConfig.load(dir), {
        refreshSeconds: 2,
        sidebar: { enabled: true, title: '', lines: [] },
        tablist: { enabled: true, header: [], footer: [] },
        nametags: [],
      });
    }));

  it('names the file, line and key of a bad value', () =>
    withDir((dir) => {
      const bad: Array<[string, RegExp]> = [
        ['refresh-seconds = 0\n', /line 1, key "refresh-seconds": must be a whole number of seconds from 1 to 3600/],
        ['speed = 1\n', /key "speed": is not a key of this file/],
        [`[sidebar]\nlines = [${Array.from({ length: 16 }, () => '"x"').join(', ')}]\n`, /line 2, key "sidebar\.lines": holds at most 15 lines, not 16/],
        ['[sidebar]\ntitle = 5\n', /key "sidebar\.title": must be a text in quotes/],
        ['[tablist]\nenabled = "yes"\n', /key "tablist\.enabled": must be true or false/],
        ['[tablist]\nfooter = "one"\n', /key "tablist\.footer": must be a list of texts/],
        ['[[nametags]]\ngroup = "vip"\ncolor = "pink"\n', /line 3, key "nametags\[1\]\.color": must be one of "black", /],
        ['[[nametags]]\ngroup = "Not A Group"\n', /key "nametags\[1\]\.group": must be a permission group name/],
        ['[[nametags]]\ngroup = "vip"\n[[nametags]]\ngroup = "vip"\n', /line 4, key "nametags\[2\]\.group": "vip" has two \[\[nametags\]\] tables/],
        ['[[nametags]]\ngroup = "vip"\nweight = 3\n', /line 3, key "nametags\[1\]\.weight": is not a key of \[\[nametags\]\] \(group, prefix, suffix, color\)/],
      ];
      for (const [text, problem] of bad) {
        writeFileSync(join(dir, 'scoreboard.conf'), text);
        assert.throws(() => scoreboardConfig.load(dir), problem, text);
        assert.throws(() => scoreboardConfig.load(dir), new RegExp(`${join(dir, 'scoreboard.conf').replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}`), text);
      }
    }));
});
