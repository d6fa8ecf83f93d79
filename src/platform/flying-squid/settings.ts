// The settings flying-squid is created with: the adapter's (host.ts) and the vanilla baseline's
// of the benchmarks (bench/vanilla-squid.ts), so both run the same game server. A type import only,
// so the baseline loads nothing of Core's.

import type { FlyingSquidOptions } from './context.ts';

export type SettingsOptions = Pick<FlyingSquidOptions, 'port' | 'host' | 'onlineMode' | 'worldDir' | 'motd' | 'maxPlayers' | 'viewDistance'>;

export function flyingSquidSettings(options: SettingsOptions): Record<string, unknown> {
  return {
    port: options.port,
    host: options.host,
    'online-mode': options.onlineMode,
    version: '1.21.4',
    motd: options.motd ?? 'A Minecraft server',
    'max-players': options.maxPlayers ?? 20,
    'view-distance': options.viewDistance ?? 8,
    worldFolder: options.worldDir,
    generation: { name: 'diamond_square', options: { worldHeight: 80 } },
    gameMode: 0,
    difficulty: 1,
    kickTimeout: 30000,
    'max-entities': 500,
    'everybody-op': false,
    plugins: {},
    'player-list-text': { header: '', footer: '' },
    logging: false,
    // Set, it turns off flying-squid's uncaughtException handler that calls process.exit().
    debug: () => {},
    // minecraft-protocol otherwise builds a validating ProtoDef for each client's plugin channels
    // at login, compiling JSON schemas of the whole protocol: measured, 300-400 ms of blocked game
    // loop per join (the ticks benchmark). It checks only type definitions, never a packet.
    validateChannelProtocol: false,
  };
}
