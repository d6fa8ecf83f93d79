import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMAND_GATE_FILE, commandGateConfig } from './commandgate.config.ts';

const GROUPS = ['default', 'moderator', 'vip', 'admin'];

function withFile(text: string | undefined, test: (dir: string) => void): void {
  const dir = mkdtempSync(join(tmpdir(), 'gate-conf-'));
  try {
    if (text !== undefined) writeFileSync(join(dir, COMMAND_GATE_FILE), text);
    test(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('command-gate.conf', () => {
  it('is written with comments on first start: an empty server-wide blacklist and the bypass node', () => {
    withFile(undefined, (dir) => {
      assert.deepEqual(commandGateConfig.load(dir, GROUPS), {
        bypassPermission: 'core.commandgate.bypass',
        default: { mode: 'blacklist', commands: [] },
        groups: [],
        worlds: [],
      });
      assert.match(readFileSync(join(dir, COMMAND_GATE_FILE), 'utf8'), /# Which list decides/);
    });
  });

  it('reads groups and worlds in the order of the file, command names lower case without the slash', () => {
    const text = `bypass-permission = "staff.gate"
[default]
mode = "whitelist"
commands = ["spawn", "/Home", "home"]
[groups.vip]
mode = "blacklist"
commands = ["fly"]
[groups.moderator]
mode = "blacklist"
[worlds.world_nether]
mode = "blacklist"
commands = ["tpa"]
`;
    withFile(text, (dir) => {
      assert.deepEqual(commandGateConfig.load(dir, GROUPS), {
        bypassPermission: 'staff.gate',
        default: { mode: 'whitelist', commands: ['spawn', 'home'] },
        groups: [
          { group: 'vip', list: { mode: 'blacklist', commands: ['fly'] } },
          { group: 'moderator', list: { mode: 'blacklist', commands: [] } },
        ],
        worlds: [{ world: 'world_nether', list: { mode: 'blacklist', commands: ['tpa'] } }],
      });
    });
  });

  it('names the file, the line and the key of every fault', () => {
    const base = '[default]\nmode = "blacklist"\ncommands = []\n';
    const cases: Array<[string, RegExp]> = [
      ['[default]\nmode = "graylist"\n', /command-gate\.conf line 2, key "default\.mode": must be "blacklist" or "whitelist"/],
      [`${base}[groups.vip]\nmode = "blacklist"\ncommands = ["home x"]\n`, /line 6, key "groups\.vip\.commands": "home x" is not a command name/],
      [`${base}[groups.vip]\nmode = "blacklist"\ncommands = "home"\n`, /line 6, key "groups\.vip\.commands": must be a list/],
      [`${base}[groups.vipp]\nmode = "blacklist"\n`, /line 4, key "groups\.vipp": there is no group "vipp" in permissions\.conf \(groups: moderator, vip, admin\)/],
      [`${base}[groups.default]\nmode = "blacklist"\n`, /line 4, key "groups\.default": .*server-wide \[default\]/],
      [`${base}[worlds.arena]\nmode = "whitelist"\nlist = []\n`, /line 6, key "worlds\.arena\.list": is not a key of \[worlds\.arena\] \(mode, commands\)/],
      [`bypass-permission = "core.*"\n${base}`, /line 1, key "bypass-permission": must be a permission node without wildcards/],
      [`colour = "red"\n${base}`, /line 1, key "colour": is not a key of this file/],
      ['bypass-permission = "a.b"\n', /key "default": is missing/],
      ['[default\n', /command-gate\.conf line 1, key "default": the table header `\[default` is not closed: a \] is missing$/],
    ];
    for (const [text, expected] of cases) {
      withFile(text, (dir) => assert.throws(() => commandGateConfig.load(dir, GROUPS), expected, text));
    }
  });
});
