// Player sessions: a player flying-squid has created is set up here before its login runs (the
// packet shim on its writer, flying-squid's client handlers that other concerns take over, the
// 1.21.4 fixes of its login), admitted through the login gate, and followed through join and
// leave. Other concerns take part through the context's hooks (context.ts).

import type { OnlinePlayer, Text } from '../platform.ts';
import { NO_DRAG } from './container.ts';
import { dashed, withTimeout, type AdapterContext, type FsHandler, type PlayerSession } from './context.ts';
import type { FsClient, FsPlayer } from './fs-types.ts';
import { fixOutgoing, type ShimContext } from './packet-shim.ts';
import * as P from './packets.ts';
import { textToNbt, textToPlain } from './text.ts';

export type LoginGate = (uuid: string, name: string, address: string) => Text | undefined;

export class Sessions {
  private loginGate: LoginGate | undefined;
  /** flying-squid's client listeners are told apart from minecraft-protocol's by a snapshot. */
  private readonly clientListeners = new WeakMap<FsClient, Map<string, Function[]>>();
  /**
   * The locale each client reported in its settings: a game client sends them in the configuration
   * phase, before flying-squid makes its player, and again whenever the player changes them.
   */
  private readonly locales = new WeakMap<FsClient, string>();

  private readonly ctx: AdapterContext;

  constructor(ctx: AdapterContext) {
    this.ctx = ctx;
    const serv = ctx.serv;
    serv._server.on('login', (client: FsClient) => {
      client.on('settings', (settings: { locale?: unknown }) => {
        const locale = localeOf(settings);
        if (locale !== undefined) this.locales.set(client, locale);
      });
    });
    serv._server.prependListener('playerJoin', (client: FsClient) => {
      const snapshot = new Map<string, Function[]>();
      for (const event of ctx.takenOver.keys()) snapshot.set(event, client.listeners(event));
      this.clientListeners.set(client, snapshot);
    });
    serv.on('newPlayer', (player: FsPlayer) => {
      try {
        this.attach(player);
      } catch (e) {
        ctx.log.error('could not set up a joining player', e);
        player._client.end('Internal server error');
      }
    });
  }

  private localeField(client: FsClient): { locale?: string } {
    const locale = this.locales.get(client);
    return locale === undefined ? {} : { locale };
  }

  setLoginGate(gate: LoginGate | undefined): void {
    this.loginGate = gate;
  }

  onlinePlayers(): OnlinePlayer[] {
    return [...this.ctx.joined.values()].map((s) => s.online);
  }

  player(uuid: string): OnlinePlayer | undefined {
    return this.ctx.get(uuid)?.online;
  }

  playerByName(name: string): OnlinePlayer | undefined {
    const n = name.toLowerCase();
    for (const s of this.ctx.joined.values()) if (s.online.name.toLowerCase() === n) return s.online;
    return undefined;
  }

  ping(uuid: string): number | undefined {
    return this.ctx.get(uuid)?.fs._client.latency;
  }

  kick(uuid: string, reason: Text): boolean {
    const s = this.ctx.get(uuid);
    if (!s) return false;
    kickSession(s, reason);
    return true;
  }

  /** Sets up a player flying-squid has just created, before its login runs. */
  private attach(player: FsPlayer): void {
    const { ctx } = this;
    const serv = ctx.serv;
    const client = player._client;
    const write = client.write.bind(client);
    const observe = ctx.options.packetObserver;
    const rawWrite: typeof write = (name, original) => {
      const params = ctx.filterOutgoing(session, name, original);
      if (!params) return;
      observe?.(client.username, name, params);
      write(name, params);
    };
    const session: PlayerSession = {
      fs: player,
      online: { uuid: dashed(client.uuid), name: client.username, address: plainAddress(client.socket?.remoteAddress), ...this.localeField(client) },
      send: (packet) => {
        if (!player.disconnected) rawWrite(packet.name, packet.params);
      },
      sendPosition: (packet) => {
        session.send(packet);
        if (session.chunkWaitDue) {
          session.chunkWaitDue = false;
          session.send(P.levelChunksLoadStart());
        }
      },
      joined: false,
      dead: false,
      moving: false,
      relocated: false,
      chunkWaitDue: false,
      yaw: 0,
      pitch: 0,
      teleportId: 1,
      timers: [],
      inventory: { cursor: null, stateId: 0, drag: NO_DRAG },
      fsListeners: new Map(),
    };
    ctx.sessions.set(player, session);
    client.on('settings', (settings: { locale?: unknown }) => {
      const locale = localeOf(settings);
      if (locale !== undefined) session.online.locale = locale;
    });

    // The shim: every packet flying-squid writes passes through the 1.21.4 fixes.
    const shim: ShimContext = {
      isPlayer: (id) => serv.entities[id]?.type === 'player',
      gameMode: () => player.gameMode ?? 0,
      previousGameMode: () => player.prevGameMode ?? 255,
      hashedSeed: () => serv.hashedSeed,
      soundId: (name) => serv.registry.soundsByName[name]?.id,
      nextInventoryStateId: () => (session.inventory.stateId = (session.inventory.stateId + 1) & 0x7fff),
    };
    client.write = (name, params) => {
      let fixed: P.Packet[];
      try {
        fixed = fixOutgoing(name, params, shim);
      } catch (e) {
        ctx.log.error(`packet shim failed on ${name}`, e);
        fixed = [{ name, params }];
      }
      for (const p of fixed) {
        rawWrite(p.name, p.params);
        if (p.name === 'login' || p.name === 'respawn') session.chunkWaitDue = true;
      }
    };

    // flying-squid's handlers of the events other concerns took over give way to theirs; those
    // taken over with `keep` stay callable by the concern.
    const before = this.clientListeners.get(client);
    for (const [event, kept] of before ?? []) {
      const keep = ctx.takenOver.get(event)?.keep ?? false;
      for (const l of client.listeners(event)) {
        if (kept.includes(l)) continue;
        client.off(event, l as (...a: unknown[]) => void);
        if (keep) session.fsListeners.set(event, [...(session.fsListeners.get(event) ?? []), l as FsHandler]);
      }
    }
    client.on('look', (d: { yaw: number; pitch: number }) => track(session, d));
    client.on('position_look', (d: { yaw: number; pitch: number }) => track(session, d));

    // 1.21.4 moved onGround into flags; flying-squid reads data.onGround and writes it on.
    for (const event of ['position', 'position_look', 'look', 'flying']) {
      client.prependListener(event, (data: { onGround?: boolean; flags?: { onGround?: boolean } }) => {
        if (data && data.onGround === undefined) data.onGround = Boolean(data.flags?.onGround);
      });
    }
    // flying-squid waits for a 'flying' or 'look' packet before it sends the rest of the chunks,
    // which a client standing still may never send.
    player.waitPlayerLogin = () =>
      new Promise<void>((resolve) => {
        const events = ['flying', 'look', 'position', 'position_look', 'player_loaded'];
        const done = () => {
          for (const e of events) client.off(e, done);
          resolve();
        };
        for (const e of events) client.on(e, done);
      });

    player.sendSelfPosition = (newPosition) => {
      // flying-squid resends the login position once the client has loaded, which would undo a
      // teleport made in between.
      if (session.relocated) newPosition = undefined;
      if (newPosition) player.position = newPosition;
      session.sendPosition(P.position(session.teleportId++, player.position.x, player.position.y, player.position.z));
    };
    player.kick = (reason = 'You were kicked!') => kickSession(session, reason);

    const save = player.save.bind(player);
    player.save = async () => {
      // A player refused at login has no uuid yet; flying-squid's save would throw unhandled.
      if (!player.uuid) return;
      try {
        await save();
      } catch (e) {
        ctx.log.warn(`could not save ${player.username}: ${String(e)}`);
      }
    };

    const login = player.login.bind(player);
    player.login = async () => {
      try {
        if (!(await this.admit(session))) return;
        if (!(await ctx.runLogin(session))) return;
        await login();
      } catch (e) {
        ctx.log.error(`login of ${session.online.name} failed`, e);
        kickSession(session, 'Internal server error');
      }
    };

    ctx.runAttach(session);

    player.once('spawned', () => this.onJoined(session));
    client.on('end', (reason: string) => this.onLeft(session, reason));
  }

  /** The login gate and the one-session-per-uuid rule; false when the player was refused. */
  private async admit(session: PlayerSession): Promise<boolean> {
    const { uuid, name, address } = session.online;
    if (this.loginGate) {
      let refusal: Text | undefined;
      try {
        refusal = this.loginGate(uuid, name, address);
      } catch (e) {
        this.ctx.log.error(`the login gate failed for ${name}`, e);
        refusal = 'The server could not check your login. Try again later.';
      }
      if (refusal !== undefined) {
        this.ctx.log.info(`${name} (${uuid}) refused: ${textToPlain(refusal)}`);
        kickSession(session, refusal);
        return false;
      }
    }
    const earlier = this.ctx.joined.get(uuid);
    if (earlier) {
      kickSession(earlier, 'You logged in from another location');
      await withTimeout(new Promise((r) => earlier.fs._client.once('end', r)), 3000);
    }
    return !session.fs.disconnected && session.fs._client.state === 'play';
  }

  private onJoined(session: PlayerSession): void {
    const player = session.fs;
    session.joined = true;
    session.yaw = P.byteToDegrees(player.yaw ?? 0);
    session.pitch = P.byteToDegrees(player.pitch ?? 0);
    this.ctx.joined.set(session.online.uuid, session);
    this.ctx.runJoin(session);
    this.ctx.log.info(`${session.online.name} joined (${session.online.uuid}, ${session.online.address})`);
    this.ctx.emit('join', { player: session.online });
  }

  private onLeft(session: PlayerSession, reason: string): void {
    for (const t of session.timers) clearInterval(t);
    session.timers = [];
    this.ctx.sessions.delete(session.fs);
    this.ctx.runLeave(session);
    if (!session.joined) return;
    session.joined = false;
    if (this.ctx.joined.get(session.online.uuid) === session) this.ctx.joined.delete(session.online.uuid);
    const why = session.kickReason ?? (reason === 'socketClosed' || !reason ? 'disconnected' : reason);
    this.ctx.log.info(`${session.online.name} left (${why})`);
    this.ctx.emit('quit', { player: session.online, reason: why, ...(session.leftWith ? { inventory: session.leftWith } : {}) });
  }
}

/** Ends the player's connection with the reason (remembered for the quit event). */
export function kickSession(session: PlayerSession, reason: Text): void {
  const plain = textToPlain(reason);
  session.kickReason = plain;
  if (session.fs.disconnected) return;
  session.fs._client.end(plain, textToNbt(reason));
}

function track(session: PlayerSession, d: { yaw: number; pitch: number }): void {
  if (Number.isFinite(d.yaw)) session.yaw = d.yaw;
  if (Number.isFinite(d.pitch)) session.pitch = d.pitch;
}

/** The locale of a settings packet, in lower case (`de_de`); undefined when it holds none that could be one. */
function localeOf(settings: { locale?: unknown }): string | undefined {
  const l = settings.locale;
  return typeof l === 'string' && /^[A-Za-z]{2,3}([_-][A-Za-z0-9]{1,8})?$/.test(l) ? l.toLowerCase() : undefined;
}

function plainAddress(address: string | undefined): string {
  return (address ?? '').replace(/^::ffff:/, '');
}
