// What every concern of the flying-squid adapter shares: the server, the options, the item codec,
// the player sessions and the hooks by which a concern takes part in a player's life and in the
// server's start and stop.
//
// How to add a concern (entities, scoreboard, visibility, …):
//  1. Write one file with a class whose constructor takes the AdapterContext (and the concerns it
//     calls, e.g. Windows). In the constructor it registers what it needs: `ctx.onAttach` to add
//     client listeners or wrap a flying-squid player method, `ctx.onJoin` / `ctx.onLeave` for
//     per-player set-up and clean-up, `ctx.onReady` / `ctx.onShutdown` / `ctx.onClosed` for
//     server-wide work, `ctx.takeOverClientEvent` to replace flying-squid's own handler of a
//     client packet. It keeps its per-player state in a WeakMap<PlayerSession, …> of its own;
//     PlayerSession holds only what several concerns read.
//  2. In index.ts, construct it (after the concerns it uses) and delegate the GamePlatform methods
//     it implements. flying-squid's shapes go in fs-types.ts, raw packets in packets.ts.

import type { Logger } from '../../core/log/log.ts';
import type { OnlinePlayer, PlatformEventName, PlatformEvents } from '../platform.ts';
import type { PlayerInventory } from '../player-inventory.ts';
import type { DragState } from './container.ts';
import type { EventRegistry } from './events.ts';
import type { FsPlayer, FsServer, Vec3Class } from './fs-types.ts';
import type { GameItem, ItemCodec } from './items.ts';
import type { Packet, Params } from './packets.ts';

export interface FlyingSquidOptions {
  /** 0 picks a free port; `platform.port` tells which. */
  port: number;
  host?: string;
  onlineMode: boolean;
  /** The world folder; a second start with the same folder finds the same world. */
  worldDir: string;
  /** Where worlds created at run time are kept, one folder each (default: `worlds` beside worldDir). */
  worldsDir?: string;
  motd?: string;
  maxPlayers?: number;
  viewDistance?: number;
  log: Logger;
  /** Whether "<name> joined/left the game" is shown to everyone (default true). */
  announceJoins?: boolean;
  /** Sees every packet as it is written to a player, after the shim (for diagnostics and tests). */
  packetObserver?: (player: string, name: string, params: Record<string, unknown>) => void;
}

/** The player's own inventory window (window 0), as the server keeps it beside flying-squid's slots. */
export interface InventoryWindow {
  /** What the cursor holds while the inventory screen is open. */
  cursor: GameItem | null;
  /** The state id last sent for window 0 (window_items or set_slot); a click made on another is answered in full. */
  stateId: number;
  drag: DragState;
}

/** A client packet handler of flying-squid's that the adapter still calls itself. */
export type FsHandler = (data: unknown) => void;

/** A player from the moment flying-squid creates them until their connection ends. */
export interface PlayerSession {
  fs: FsPlayer;
  online: OnlinePlayer;
  /** Writes a packet as is, past the shim (the adapter's own packets are already right). */
  send(packet: Packet): void;
  /** Writes a position; the first after a login or respawn is followed by the chunk wait event. */
  sendPosition(packet: Packet): void;
  joined: boolean;
  dead: boolean;
  /** Set while the player is being moved between worlds or respawned. */
  moving: boolean;
  /** The platform has moved the player since the login. */
  relocated: boolean;
  /** A login or respawn packet went out: the next position is followed by the chunk wait event. */
  chunkWaitDue: boolean;
  /** The rotation as the client reports it, in degrees (flying-squid keeps bytes). */
  yaw: number;
  pitch: number;
  teleportId: number;
  kickReason?: string;
  /** The whole inventory as the player left (read by a leave hook, carried by the quit event). */
  leftWith?: PlayerInventory;
  /** Intervals that end with the session. */
  timers: NodeJS.Timeout[];
  /** The player's own inventory window (the shim numbers its set_slot packets). */
  inventory: InventoryWindow;
  /** flying-squid's handlers of client events taken over with `keep` (see takeOverClientEvent). */
  fsListeners: Map<string, FsHandler[]>;
}

type SessionHook = (session: PlayerSession) => void;
type LoginStep = (session: PlayerSession) => Promise<boolean>;
type ServerHook = () => void | Promise<void>;
/** The packet to write in place of one (the same, changed, or undefined to write nothing). */
type OutgoingFilter = (session: PlayerSession, name: string, params: Params) => Params | undefined;

export class AdapterContext {
  readonly log: Logger;
  /** Every player flying-squid has created and whose connection has not ended. */
  readonly sessions = new Map<FsPlayer, PlayerSession>();
  /** The players in the world, by dashed uuid. */
  readonly joined = new Map<string, PlayerSession>();
  /** Client events whose flying-squid handlers are removed; `keep` ones stay callable in fsListeners. */
  readonly takenOver = new Map<string, { keep: boolean }>();
  private readonly attachHooks: SessionHook[] = [];
  private readonly loginSteps: LoginStep[] = [];
  private readonly joinHooks: SessionHook[] = [];
  private readonly leaveHooks: SessionHook[] = [];
  private readonly readyHooks: ServerHook[] = [];
  private readonly shutdownHooks: ServerHook[] = [];
  private readonly closedHooks: ServerHook[] = [];
  private readonly outgoingFilters: OutgoingFilter[] = [];
  private seeing: (viewer: string, target: string) => boolean = () => true;

  readonly options: FlyingSquidOptions;
  readonly serv: FsServer;
  readonly Vec3: Vec3Class;
  readonly items: ItemCodec;
  private readonly events: EventRegistry;

  constructor(
    options: FlyingSquidOptions,
    serv: FsServer,
    Vec3: Vec3Class,
    items: ItemCodec,
    events: EventRegistry,
  ) {
    this.options = options;
    this.serv = serv;
    this.Vec3 = Vec3;
    this.items = items;
    this.events = events;
    this.log = options.log;
  }

  emit<E extends PlatformEventName>(event: E, data: PlatformEvents[E]): void {
    this.events.emit(event, data);
  }

  sessionOf(player: FsPlayer): PlayerSession | undefined {
    return this.sessions.get(player);
  }

  /** A joined player by uuid (dashed or not). */
  get(uuid: string): PlayerSession | undefined {
    return this.joined.get(dashed(uuid));
  }

  /** Replaces flying-squid's handlers of a client event; with `keep` they are kept in session.fsListeners. Call in a constructor. */
  takeOverClientEvent(event: string, keep = false): void {
    this.takenOver.set(event, { keep });
  }

  /** Right after flying-squid creates a player, before its login: add client listeners, wrap player methods. */
  onAttach(hook: SessionHook): void {
    this.attachHooks.push(hook);
  }

  /** During the login, after the login gate admitted the player; false refuses the player (the step kicked them). */
  onLogin(step: LoginStep): void {
    this.loginSteps.push(step);
  }

  /** The player is in the world, before the join event; in registration order. */
  onJoin(hook: SessionHook): void {
    this.joinHooks.push(hook);
  }

  /**
   * The connection ended (joined or not), before the quit event; in reverse registration order, so
   * a concern finishes before the concerns it uses.
   */
  onLeave(hook: SessionHook): void {
    this.leaveHooks.push(hook);
  }

  /** The server listens; the worlds are loaded. */
  onReady(hook: ServerHook): void {
    this.readyHooks.push(hook);
  }

  /** At shutdown, once the players are gone and before the listener closes. */
  onShutdown(hook: ServerHook): void {
    this.shutdownHooks.push(hook);
  }

  /** At shutdown, after the listener closed and the ticks stopped. */
  onClosed(hook: ServerHook): void {
    this.closedHooks.push(hook);
  }

  /** Sees every packet written to a player (flying-squid's after the shim, and the adapter's own) and may drop or change it. */
  onOutgoing(filter: OutgoingFilter): void {
    this.outgoingFilters.push(filter);
  }

  /** The visibility concern answers `canSee` (until then everyone sees everyone). */
  answerCanSee(answer: (viewer: string, target: string) => boolean): void {
    this.seeing = answer;
  }

  /** Whether `viewer` sees `target` (uuids): a line about a hidden player is not shown to the viewer. */
  canSee(viewer: string, target: string): boolean {
    return this.seeing(viewer, target);
  }

  // Run by sessions.ts and host.ts.

  filterOutgoing(session: PlayerSession, name: string, params: Params): Params | undefined {
    let kept: Params | undefined = params;
    for (const filter of this.outgoingFilters) if (kept) kept = filter(session, name, kept);
    return kept;
  }

  runAttach(session: PlayerSession): void {
    for (const hook of this.attachHooks) hook(session);
  }

  async runLogin(session: PlayerSession): Promise<boolean> {
    for (const step of this.loginSteps) if (!(await step(session))) return false;
    return true;
  }

  runJoin(session: PlayerSession): void {
    for (const hook of this.joinHooks) hook(session);
  }

  runLeave(session: PlayerSession): void {
    for (const hook of [...this.leaveHooks].reverse()) hook(session);
  }

  async runReady(): Promise<void> {
    for (const hook of this.readyHooks) await hook();
  }

  async runShutdown(): Promise<void> {
    for (const hook of this.shutdownHooks) await hook();
  }

  async runClosed(): Promise<void> {
    for (const hook of this.closedHooks) await hook();
  }
}

export function dashed(uuid: string): string {
  const t = uuid.trim().toLowerCase();
  if (/^[0-9a-f]{32}$/.test(t)) return `${t.slice(0, 8)}-${t.slice(8, 12)}-${t.slice(12, 16)}-${t.slice(16, 20)}-${t.slice(20)}`;
  return t;
}

/** The promise's value, or undefined when it takes longer than `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ms);
    }),
  ]);
}
