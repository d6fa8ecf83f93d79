// Hosting flying-squid in this process: creating the server, waiting until its worlds are loaded
// and every concern is ready (or undoing a failed start), opening the game port only then (see
// listen-gate.ts), the server-wide parts it does wrong that the platform takes over (its log
// lines, its broadcasts, its sounds) and the clean stop: players kicked, concerns' shutdown work,
// the listener closed, no timer left behind.

import { createRequire } from 'node:module';
import type { TextComponent } from '../platform.ts';
import { withTimeout, type AdapterContext, type FlyingSquidOptions } from './context.ts';
import type { FlyingSquidModule, FsPlayer, FsServer, Vec3Class } from './fs-types.ts';
import { createItemCodec, type ItemClass, type ItemCodec } from './items.ts';
import { flyingSquidSettings } from './settings.ts';
import { GatedServer } from './listen-gate.ts';
import * as P from './packets.ts';
import { applyFlyingSquidOverrides } from './squid-overrides.ts';
import { kickSession } from './sessions.ts';
import { announcedName } from './visibility.ts';
import { textToNbt } from './text.ts';

const require = createRequire(import.meta.url);
const fsRequire = createRequire(require.resolve('flying-squid'));

const SOUND_ALIASES: Record<string, string> = { 'game.player.hurt': 'entity.player.hurt' };
const ANSI = /\x1b\[[0-9;]*[A-Za-z]/g;

/** A flying-squid server created (its port not open yet), with what the concerns build on. */
export interface CreatedServer {
  serv: FsServer;
  Vec3: Vec3Class;
  items: ItemCodec;
  /** The game port's listener, opened by Host.open. */
  listener: GatedServer;
}

export function createServer(options: FlyingSquidOptions): CreatedServer {
  // First: it stops the start if the installed flying-squid is not the release the adapter is made for.
  applyFlyingSquidOverrides();
  const flyingSquid = require('flying-squid') as FlyingSquidModule;
  const Vec3 = (fsRequire('vec3') as { Vec3: Vec3Class }).Vec3;
  const serv = flyingSquid.createMCServer({ ...flyingSquidSettings(options), Server: GatedServer });
  const listener = serv._server;
  if (!(listener instanceof GatedServer)) throw new Error('flying-squid did not create its server with the Server option (see listen-gate.ts)');
  const items = createItemCodec(serv.registry, require('prismarine-item')(serv.registry) as ItemClass);
  return { serv, Vec3, items, listener };
}

/** How long the worlds may take to load at start before the start is given up. */
const WORLDS_LOAD_SECONDS = 60;

export class Host {
  port = 0;

  private readonly ctx: AdapterContext;
  private readonly listener: GatedServer;

  constructor(ctx: AdapterContext, listener: GatedServer) {
    this.ctx = ctx;
    this.listener = listener;
    this.takeOverServer();
  }

  /** Resolves once the worlds are loaded and every concern's onReady work is done; the port is not open yet. */
  async start(): Promise<void> {
    const serv = this.ctx.serv;
    try {
      if (!serv.pluginsReady) {
        const loaded = await withTimeout(new Promise<true>((r) => serv.once('pluginsReady', () => r(true))), WORLDS_LOAD_SECONDS * 1000);
        if (!loaded) throw new Error(`the game server did not load its worlds within ${WORLDS_LOAD_SECONDS} s`);
      }
      await this.ctx.runReady();
    } catch (e) {
      await this.abortStart();
      throw e;
    }
  }

  /**
   * Opens the game port: from now on a player can join. Rejects with the listen error (EADDRINUSE,
   * EACCES); the server is then still to be shut down.
   */
  async open(): Promise<void> {
    this.port = await this.listener.open();
  }

  async stop(reason: string): Promise<void> {
    const { ctx } = this;
    const serv = ctx.serv;
    const leaving = serv.players.concat([...ctx.sessions.keys()].filter((p) => !serv.players.includes(p)));
    const ended = leaving.map((p) => withTimeout(new Promise((r) => p._client.once('end', r)), 3000));
    for (const p of leaving) {
      const s = ctx.sessionOf(p);
      if (s) kickSession(s, reason);
      else p._client.end(reason);
    }
    await Promise.all(ended);
    await ctx.runShutdown();
    try {
      await withTimeout(serv.quit(reason), 5000);
    } catch (e) {
      ctx.log.warn(`closing the game listener: ${String(e)}`);
    }
    serv.stopTickInterval();
    for (const s of ctx.sessions.values()) for (const t of s.timers) clearInterval(t);
    await ctx.runClosed();
    ctx.log.info('Game server stopped.');
  }

  /** A start that failed before the port opened: no timer or open file is left behind. */
  private async abortStart(): Promise<void> {
    const serv = this.ctx.serv;
    serv.stopTickInterval();
    // The worlds (and their saving intervals) come with the plugins, which may still be loading.
    if (!serv.pluginsReady) await withTimeout(new Promise((r) => serv.once('pluginsReady', r)), 5000);
    serv.overworld?.stopSaving();
    serv.netherworld?.stopSaving();
    await serv.overworld?.storageProvider?.close?.();
  }

  /** Replaces the server-wide parts of flying-squid the platform owns. */
  private takeOverServer(): void {
    const { ctx } = this;
    const serv = ctx.serv;
    const log = ctx.log;
    const clean = (m: string) => m.replace(ANSI, '');
    // A player refused at login has no name yet in flying-squid's own lines.
    const info = (m: string) => {
      if (!m.startsWith('undefined ')) log.info(clean(m));
    };
    serv.log = info;
    serv.info = info;
    serv.warn = (m) => log.warn(clean(m));
    serv.err = (m) => log.error(clean(m));

    // flying-squid's sounds use pre-1.19 packet fields and positions; these write 1.21.4 ones.
    serv.playSound = (sound, world, position, o = {}) => {
      const name = sound.replace(/^minecraft:/, '');
      const id = serv.registry.soundsByName[SOUND_ALIASES[name] ?? name]?.id;
      if (id !== undefined) serv.playSoundId(id, world, position, o);
    };
    serv.playSoundId = (id, world, position, o = {}) => {
      const radius = typeof o.radius === 'number' ? o.radius : 32;
      const targets = o.whitelist
        ? ([] as FsPlayer[]).concat(o.whitelist as FsPlayer | FsPlayer[])
        : position
          ? serv.getNearby({ world, position, radius })
          : [];
      for (const player of targets) {
        ctx.sessionOf(player)?.send(
          P.soundEffect(id, position ?? player.position, {
            category: typeof o.soundCategory === 'number' ? o.soundCategory : 0,
            volume: typeof o.volume === 'number' ? o.volume : 1,
            pitch: typeof o.pitch === 'number' ? o.pitch : 1,
          }),
        );
      }
    };

    // flying-squid writes its join/leave lines with '&' colour codes, which 1.21.4 shows as is.
    serv.broadcast = (message, o = {}) => {
      if (ctx.options.announceJoins === false) return;
      const text: TextComponent = typeof message === 'string' ? serv._createJsonChat(message) : message;
      const targets = ([] as FsPlayer[]).concat(o.whitelist ?? serv.players).filter((p) => !(o.blacklist ?? []).includes(p));
      // Its only broadcasts the platform lets through announce a join or a leave: not to those who cannot see that player.
      const name = typeof message === 'string' ? announcedName(message) : undefined;
      const about = name === undefined ? undefined : [...ctx.sessions.values()].find((s) => s.online.name === name);
      for (const player of targets) {
        const session = ctx.sessionOf(player);
        if (session && (!about || ctx.canSee(session.online.uuid, about.online.uuid))) session.send(P.systemChat(textToNbt(text)));
      }
    };
  }
}
