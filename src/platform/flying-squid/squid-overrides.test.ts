// The adapter's changes to flying-squid are made for one release: the installed one must be it
// (version and files), package.json and package-lock.json must pin it, and any other release stops
// the start with one line before anything is changed.

import assert from 'node:assert/strict';
import { appendFileSync, cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { after, describe, it } from 'node:test';
import { logPluginReplacement } from './log-plugin.ts';
import { applyFlyingSquidOverrides, flyingSquidDir, FlyingSquidMismatch, installedRelease, MADE_FOR, releaseMismatch } from './squid-overrides.ts';

const require = createRequire(import.meta.url);
const ROOT = join(import.meta.dirname, '..', '..', '..');
const installedDir = flyingSquidDir();

const scratch = mkdtempSync(join(tmpdir(), 'squid-overrides-'));
after(() => rmSync(scratch, { recursive: true, force: true }));

/** A copy of the installed flying-squid (what Node loads of it, and its package.json), with `change` made to it. */
function copyWith(name: string, change: (dir: string) => void): string {
  const dir = join(scratch, name, 'flying-squid');
  for (const part of ['package.json', 'index.js', 'src']) cpSync(join(installedDir, part), join(dir, part), { recursive: true });
  change(dir);
  return dir;
}

/** Whether Node has loaded (or been given) any file of a flying-squid folder. */
function anyLoadedFrom(dir: string): boolean {
  return Object.keys(require.cache).some((file) => file.startsWith(dir + sep));
}

describe('the flying-squid the adapter changes', () => {
  it('is the release the changes were made for, as installed', () => {
    const installed = installedRelease(installedDir);
    assert.equal(
      releaseMismatch(installed, installedDir),
      undefined,
      `installed: flying-squid ${installed.version}, source hash ${installed.sourceHash}; set MADE_FOR only once every change in docs/flying-squid.md is checked against it`,
    );
  });

  it('is pinned to that exact version by package.json and package-lock.json', () => {
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { version?: string; dependencies?: Record<string, string> }>;
    };
    assert.equal(pkg.dependencies['flying-squid'], MADE_FOR.version, 'package.json: an exact version, no range');
    assert.equal(lock.packages['']?.dependencies?.['flying-squid'], MADE_FOR.version, "package-lock.json's root entry");
    assert.equal(lock.packages['node_modules/flying-squid']?.version, MADE_FOR.version, 'the version package-lock.json installs');
  });

  it('hashes the files alone: an unchanged copy elsewhere is the same release', () => {
    const copy = copyWith('unchanged', () => {});
    assert.deepEqual(installedRelease(copy), installedRelease(installedDir));
  });
});

describe('a flying-squid the changes were not made for', () => {
  it('another version stops the start with one line naming both versions, and nothing is changed', () => {
    const dir = copyWith('other-version', (d) => {
      const file = join(d, 'package.json');
      writeFileSync(file, readFileSync(file, 'utf8').replace(`"version": "${MADE_FOR.version}"`, '"version": "1.12.1"'));
    });
    assert.throws(
      () => applyFlyingSquidOverrides(dir),
      (e: unknown) => {
        assert.ok(e instanceof FlyingSquidMismatch);
        assert.equal(
          e.message,
          `flying-squid 1.12.1 is installed, but Core's changes to it are made for ${MADE_FOR.version} only: ` +
            'run npm ci to install the version package-lock.json pins (moving the pin: docs/flying-squid.md)',
        );
        return true;
      },
    );
    assert.equal(anyLoadedFrom(dir), false, 'no file of it is loaded or replaced');
  });

  it('a changed file under the pinned version stops the start, naming the folder', () => {
    const dir = copyWith('changed-file', (d) => appendFileSync(join(d, 'src', 'lib', 'plugins', 'login.js'), '\n// patched by hand\n'));
    assert.throws(
      () => applyFlyingSquidOverrides(dir),
      (e: unknown) => {
        assert.ok(e instanceof FlyingSquidMismatch);
        assert.equal(
          e.message,
          `flying-squid ${MADE_FOR.version} in ${dir} is not the published ${MADE_FOR.version}: its files were changed, ` +
            "and Core's changes to it are made for the published files only: run npm ci to reinstall it (docs/flying-squid.md)",
        );
        assert.doesNotMatch(e.message, /\n/);
        return true;
      },
    );
    assert.equal(anyLoadedFrom(dir), false, 'no file of it is loaded or replaced');
  });

  it('an added or a renamed file counts as a change', () => {
    const added = copyWith('added-file', (d) => writeFileSync(join(d, 'src', 'lib', 'plugins', 'extra.js'), ''));
    assert.notEqual(installedRelease(added).sourceHash, MADE_FOR.sourceHash);
    const renamed = copyWith('renamed-file', (d) => {
      const plugins = join(d, 'src', 'lib', 'plugins');
      cpSync(join(plugins, 'login.js'), join(plugins, 'login2.js'));
      rmSync(join(plugins, 'login.js'));
    });
    assert.notEqual(installedRelease(renamed).sourceHash, MADE_FOR.sourceHash);
  });
});

describe('the changes, on the installed release', () => {
  it('are made before flying-squid loads, and making them again changes nothing', () => {
    const plugins = join(installedDir, 'src', 'lib', 'plugins');
    applyFlyingSquidOverrides();
    const login = require.cache[join(plugins, 'login.js')];
    assert.equal(require.cache[join(plugins, 'log.js')]?.exports, logPluginReplacement);
    assert.equal(typeof (login?.exports as { player?: unknown } | undefined)?.player, 'function', "the login plugin's own exports");
    assert.equal((require(join(installedDir, 'src', 'lib', 'utils.js')) as { gated?: boolean }).gated, true);
    applyFlyingSquidOverrides();
    assert.equal(require.cache[join(plugins, 'login.js')], login, 'the login plugin is not loaded twice');
  });

  it('leave no other file of the adapter reaching into the module cache or compiling flying-squid', () => {
    const adapter = join(ROOT, 'src');
    const files = readdirSync(adapter, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.test.ts'))
      .map((e) => join(e.parentPath, e.name));
    const reaching = files.filter((f) => /require\.cache|compileFunction|\bvm\b['"]/.test(readFileSync(f, 'utf8')));
    assert.deepEqual(
      reaching.map((f) => relative(ROOT, f).split(sep).join('/')),
      ['src/platform/flying-squid/squid-overrides.ts'],
    );
  });
});
