// flying-squid's login plugin (lib/plugins/login.js), loaded by the adapter before flying-squid
// loads it, with one name bound differently: its `setInterval`. At each login the plugin starts a
// 5-second interval that writes the players' latencies to the joining player, and keeps no handle
// to it, so the interval would outlive the player (and keep a stopped server's process alive).
// Given a setInterval of its own, the plugin's timer is handed to whoever claimed it (the tab list,
// for the session it fills): the rest of the process keeps the real setInterval untouched.

import Module, { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { compileFunction } from 'node:vm';

const require = createRequire(import.meta.url);

let claimant: ((timer: NodeJS.Timeout) => void) | undefined;
let loaded: Module | undefined;

const pluginSetInterval = ((...args: Parameters<typeof setInterval>) => {
  const timer = setInterval(...args);
  const claim = claimant;
  claimant = undefined;
  claim?.(timer);
  return timer;
}) as typeof setInterval;

/**
 * The next interval the login plugin starts, synchronously from now, goes to `claim`. The plugin
 * starts it right after the call of serv._sendPlayerList that fills the joining player's tab list.
 */
export function claimLoginInterval(claim: (timer: NodeJS.Timeout) => void): void {
  claimant = claim;
  queueMicrotask(() => {
    if (claimant === claim) claimant = undefined;
  });
}

/** Puts the plugin, so loaded, in the module cache under its own file name. Call before createMCServer. */
export function loadFlyingSquidLoginPlugin(): void {
  const file = join(dirname(require.resolve('flying-squid')), 'src', 'lib', 'plugins', 'login.js');
  if (loaded && require.cache[file] === loaded) return;
  const module = new Module(file);
  module.filename = file;
  const body = compileFunction(readFileSync(file, 'utf8'), ['exports', 'require', 'module', '__filename', '__dirname', 'setInterval'], { filename: file });
  body.call(module.exports, module.exports, createRequire(file), module, file, dirname(file), pluginSetInterval);
  module.loaded = true;
  require.cache[file] = module;
  loaded = module;
}
