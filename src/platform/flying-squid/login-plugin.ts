// The timers of flying-squid's login plugin (lib/plugins/login.js). At each login the plugin starts
// a 5-second interval that writes the players' latencies to the joining player, and keeps no handle
// to it, so the interval would outlive the player (and keep a stopped server's process alive).
// The plugin is loaded with its free name `setInterval` bound to loginPluginSetInterval
// (./squid-overrides.ts), whose timer is handed to whoever claimed it (the tab list, for the session
// it fills): the rest of the process keeps the real setInterval untouched.

let claimant: ((timer: NodeJS.Timeout) => void) | undefined;

/** The login plugin's setInterval: a real interval, handed to the claimant if there is one. */
export const loginPluginSetInterval = ((...args: Parameters<typeof setInterval>) => {
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
