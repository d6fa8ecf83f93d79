// Every change the adapter makes to flying-squid's own modules, in one place, behind one check
// (docs/flying-squid.md). The changes were made for one release of flying-squid, the one
// package.json pins: before changing anything, the start checks that the installed flying-squid is
// that release, its version and the hash of its source files, and stops with one line otherwise.
// The concerns' replacements of the server's and players' functions (serv._sendPlayerList,
// player.login, …) are made on objects that only exist after this check has passed.
//
// The changes, made before flying-squid's index is first required:
// - lib/plugins/log.js is replaced in the module cache (./log-plugin.ts says why);
// - lib/plugins/login.js is loaded from its own source with its `setInterval` bound to one whose
//   timers the tab list claims (./login-plugin.ts);
// - lib/utils.js's onceWithTimeout waits for 'listening' and 'pluginsReady' without its 5-second
//   timer, since the port opens later (./listen-gate.ts).

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import Module, { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
import { compileFunction } from 'node:vm';
import { untimedOnceWithTimeout, type OnceWithTimeout } from './listen-gate.ts';
import { logPluginReplacement } from './log-plugin.ts';
import { loginPluginSetInterval } from './login-plugin.ts';

const require = createRequire(import.meta.url);

/** A release of flying-squid as installed: its version and the hash of the code Node loads from it. */
export interface SquidRelease {
  version: string;
  /** sha256 of index.js and every file under src/, by path (see sourceHashOf). */
  sourceHash: string;
}

/**
 * The release the changes below were made for. Moving the pin: install the new release, re-check
 * every change listed in docs/flying-squid.md against its source, then set both values here (the
 * test prints the installed hash) and the exact version in package.json.
 */
export const MADE_FOR: SquidRelease = {
  version: '1.12.0',
  sourceHash: '1d38b039b9d0abe8c575ef21f66fdd177d9276e872a7330b43b148427594390e',
};

/** The folder flying-squid is installed in. */
export function flyingSquidDir(): string {
  return dirname(require.resolve('flying-squid'));
}

/** The hash of what Node loads from a flying-squid folder: index.js and src/, path and content of each file. */
export function sourceHashOf(dir: string): string {
  const files = readdirSync(join(dir, 'src'), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'));
  const hash = createHash('sha256');
  for (const file of ['index.js', ...files.sort()]) hash.update(`${file}\0`).update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex');
}

/** The release installed in a flying-squid folder. */
export function installedRelease(dir: string): SquidRelease {
  const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version?: unknown };
  return { version: typeof version === 'string' ? version : '(no version)', sourceHash: sourceHashOf(dir) };
}

/** Why the installed release cannot take the changes (one line), or undefined when it is the one they were made for. */
export function releaseMismatch(installed: SquidRelease, dir: string, madeFor: SquidRelease = MADE_FOR): string | undefined {
  if (installed.version !== madeFor.version) {
    return (
      `flying-squid ${installed.version} is installed, but Core's changes to it are made for ${madeFor.version} only: ` +
      `run npm ci to install the version package-lock.json pins (moving the pin: docs/flying-squid.md)`
    );
  }
  if (installed.sourceHash !== madeFor.sourceHash) {
    return (
      `flying-squid ${installed.version} in ${dir} is not the published ${madeFor.version}: its files were changed, ` +
      `and Core's changes to it are made for the published files only: run npm ci to reinstall it (docs/flying-squid.md)`
    );
  }
  return undefined;
}

/** A flying-squid other than the one the changes were made for; the message is the one line the start prints. */
export class FlyingSquidMismatch extends Error {
  override readonly name = 'FlyingSquidMismatch';
}

/** The folders found to hold the release the changes were made for (read once per process). */
const checkedDirs = new Set<string>();

/**
 * Checks the flying-squid installed in `dir`, then makes the changes to it; throws a
 * FlyingSquidMismatch, having changed nothing, when it is not the release they were made for.
 * Call before flying-squid's index is first required (createServer in ./host.ts does); calling it
 * again changes nothing.
 */
export function applyFlyingSquidOverrides(dir = flyingSquidDir()): void {
  if (!checkedDirs.has(dir)) {
    const problem = releaseMismatch(installedRelease(dir), dir);
    if (problem) throw new FlyingSquidMismatch(problem);
    checkedDirs.add(dir);
  }
  const plugins = join(dir, 'src', 'lib', 'plugins');
  replaceModule(join(plugins, 'log.js'), logPluginReplacement);
  loadWithOwnSetInterval(join(plugins, 'login.js'), loginPluginSetInterval);
  gateListening(dir);
}

/** Puts `exports` in the module cache under a file's name, so that requiring the file gives them. */
function replaceModule(file: string, exports: unknown): void {
  if (require.cache[file]?.exports === exports) return;
  const module = new Module(file);
  module.filename = file;
  module.loaded = true;
  module.exports = exports;
  require.cache[file] = module;
}

const loadedWithOwnSetInterval = new Map<string, Module>();

/** Loads a CommonJS file from its source as Node would, except that its free name `setInterval` is `own`. */
function loadWithOwnSetInterval(file: string, own: typeof setInterval): void {
  const loaded = loadedWithOwnSetInterval.get(file);
  if (loaded && require.cache[file] === loaded) return;
  const module = new Module(file);
  module.filename = file;
  const body = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname', 'setInterval'], { filename: file });
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), own);
  module.loaded = true;
  require.cache[file] = module;
  loadedWithOwnSetInterval.set(file, module);
}

/** flying-squid's index takes onceWithTimeout from lib/utils.js when it loads: it must get the untimed one. */
function gateListening(dir: string): void {
  const utils = require(join(dir, 'src', 'lib', 'utils.js')) as { onceWithTimeout: OnceWithTimeout; gated?: true };
  if (utils.gated) return;
  if (require.cache[join(dir, 'src', 'index.js')]) throw new Error('flying-squid was loaded before its listening could be gated (see squid-overrides.ts)');
  utils.onceWithTimeout = untimedOnceWithTimeout(utils.onceWithTimeout);
  utils.gated = true;
}
