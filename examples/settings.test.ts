// An example's command line and port settings: --help prints the settings, anything else typed after
// `npm run example:… --` is refused with them, and a port that is not one is named.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkArguments, portSetting, type SettingsOutput } from './settings.ts';

function recorder(): SettingsOutput & { logged: string[]; errors: string[]; codes: number[] } {
  const r = { logged: [] as string[], errors: [] as string[], codes: [] as number[] };
  return { ...r, log: (t) => r.logged.push(t), error: (t) => r.errors.push(t), exit: (c) => r.codes.push(c) };
}

describe("an example's settings", () => {
  it('runs with no argument, prints its usage for --help and refuses any other argument', () => {
    const none = recorder();
    checkArguments('USAGE', [], none);
    assert.deepEqual([none.logged, none.errors, none.codes], [[], [], []]);
    const help = recorder();
    checkArguments('USAGE', ['--help'], help);
    assert.deepEqual([help.logged, help.codes], [['USAGE'], [0]]);
    const other = recorder();
    checkArguments('USAGE', ['--port', '9000'], other);
    assert.deepEqual(other.codes, [1]);
    assert.match(other.errors[0]!, /^Unknown argument "--port" "9000": this example takes its settings from environment variables\.\n\nUSAGE$/);
  });

  it('reads a port, 0 included, and names a variable whose value is not a port', () => {
    assert.equal(portSetting('PORT', 8080, {}), 8080);
    assert.equal(portSetting('PORT', 8080, { PORT: '0' }), 0);
    assert.equal(portSetting('PORT', 8080, { PORT: ' 9000 ' }), 9000);
    for (const bad of ['8080x', '-1', '65536', '1.5']) {
      const out = recorder();
      portSetting('PANEL_PORT', 8080, { PANEL_PORT: bad }, out);
      assert.deepEqual(out.codes, [1]);
      assert.equal(out.errors[0], `PANEL_PORT must be a port number from 0 to 65535 (0 picks a free one), not ${JSON.stringify(bad)}.`);
    }
  });
});
