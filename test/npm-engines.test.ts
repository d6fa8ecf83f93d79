// What npm's engine check would say if it ran on the Node that runs the code. `npm ci` runs on the
// machine's own Node (20 on these machines), which is not the one the project runs on (the `node`
// dev dependency, Node 24), so .npmrc leaves npm's warnings out (docs/decisions.md, "Runtime and
// tooling"). This test makes the check npm would make, against the pinned Node: a dependency that
// comes to need a newer Node than the pinned one fails here instead of in a warning nobody sees.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const ROOT = join(import.meta.dirname, '..');

// npm's own range rules (npm-install-checks uses semver, with pre-releases included); semver comes
// with fastify.
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string, options?: { includePrerelease?: boolean }): boolean };

interface LockEntry {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}
const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, LockEntry> };
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines?: { node?: string }; devDependencies?: Record<string, string> };
/** The Node the project runs on: the version of the `node` package that `npm ci` installs. */
const pinned = lock.packages['node_modules/node']?.version;

describe("the project's Node and npm's engine check", () => {
  it('pins Node 24 through the `node` dev dependency, as .nvmrc and `engines` say', () => {
    assert.ok(manifest.devDependencies?.node, 'package.json has no `node` dev dependency');
    assert.ok(pinned, 'package-lock.json installs no `node` package');
    assert.equal(pinned.split('.')[0], readFileSync(join(ROOT, '.nvmrc'), 'utf8').trim(), '.nvmrc names another major version than the one installed');
    assert.ok(manifest.engines?.node && semver.satisfies(pinned, manifest.engines.node), `package.json's engines (${manifest.engines?.node}) do not take Node ${pinned}`);
  });

  it("leaves npm's warnings, engine checks made against the machine's own Node, out of `npm ci`", () => {
    const settings = readFileSync(join(ROOT, '.npmrc'), 'utf8')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l !== '' && !l.startsWith('#') && !l.startsWith(';'));
    assert.ok(settings.includes('loglevel=error'), `.npmrc: ${settings.join(', ')}`);
  });

  it('installs only packages whose `engines` take the pinned Node', () => {
    const refused: string[] = [];
    for (const [path, entry] of Object.entries(lock.packages)) {
      if (path === '' || entry.engines === undefined || Array.isArray(entry.engines)) continue;
      const range = entry.engines.node;
      if (range !== undefined && !semver.satisfies(pinned!, range, { includePrerelease: true })) refused.push(`${path}@${entry.version}: node ${range}`);
    }
    assert.deepEqual(refused, [], `these packages do not take Node ${pinned}`);
  });
});
