// The powertools' published API: a player binds a command to the material of the item in their
// main hand; using any item of that material (a right-click) then runs the command as that player,
// through the command registry (so permissions and command checks apply), instead of the item's
// own use. Binds are per player and material, stored, and survive a restart.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { CommandRegistry } from '../../core/commands/commands.ts';
import type { Db } from '../../core/storage/db.ts';
import { InvalidInput } from '../../core/values/invalid-input.ts';
import { knownPlayer } from '../../core/players/known-player.ts';
import type { Logger } from '../../core/log/log.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, PlatformEvents } from '../../platform/platform.ts';
import type { MaybePowertool, Powertool, PowertoolList } from './powertools.schemas.ts';
import { createPowertoolsStore } from './powertools.store.ts';
import { storedCommandLine } from '../../core/commands/command-line.ts';

/** A material and the command it runs for a player. */
export interface PowertoolBind {
  material: string;
  command: string;
}

export interface PowertoolsService {
  /** The bound items an online player carries, in slot order; empty when offline; not-found for a player never seen. */
  list(uuid: string): Promise<Result<PowertoolList>>;
  /** The main-hand item and what it runs, or null (empty hand, nothing bound, offline). */
  held(uuid: string): Promise<Result<MaybePowertool>>;
  /**
   * Binds a command line (with or without its `/`) to the material in the online player's main
   * hand, replacing the command bound to it before. An empty hand is refused; a line that names
   * no command is bad input (field `command`).
   */
  bind(player: string, command: string, actor: Actor): Promise<Result<PowertoolBind>>;
  /** Unbinds the material in the online player's main hand: not-found when nothing is bound to it. */
  unbind(player: string, actor: Actor): Promise<Result<PowertoolBind>>;
  /** Every bind of a player, by material, whether or not they carry such an item. */
  binds(player: string): Promise<Result<PowertoolBind[]>>;
}

export interface PowertoolsDeps {
  db: Db;
  clock: Clock;
  players: PlayersService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  commands: Pick<CommandRegistry, 'list' | 'execute'>;
  log: Logger;
}

/** The command itself may not be bound: an item that rebinds itself would be a trap. */
const OWN_COMMAND = 'powertool';

export function createPowertoolsService(deps: PowertoolsDeps): PowertoolsService {
  const { clock, players, audit, platform, commands, log } = deps;
  const store = createPowertoolsStore(deps.db);
  /**
   * The binds of the players online, by uuid then material: an item use must be cancelled while
   * its event runs, before any database answer could arrive.
   */
  const online = new Map<string, Map<string, string>>();

  async function load(uuid: string): Promise<void> {
    const rows = await store.binds(uuid);
    if (platform.player(uuid)) online.set(uuid, new Map(rows.map((r) => [r.material, r.command])));
  }
  const loadLogged = (uuid: string) => void load(uuid).catch((e) => log.error(`reading the powertools of ${uuid} failed`, e));

  platform.on('join', ({ player }) => loadLogged(player.uuid));
  platform.on('quit', ({ player }) => online.delete(player.uuid));
  for (const p of platform.onlinePlayers()) loadLogged(p.uuid);

  platform.on('itemUse', (e: PlatformEvents['itemUse']) => {
    if (e.hand !== 'main' || e.item === null || e.cancelled) return;
    const command = online.get(e.player.uuid)?.get(e.item.material);
    if (command === undefined) return;
    e.cancel();
    void commands.execute({ kind: 'player', player: e.player }, command);
  });

  /** The command line as stored: without the `/`, trimmed; its first word must name a command. */
  function commandOf(input: string): string {
    const line = storedCommandLine(input);
    if (line === '') throw new InvalidInput('command', 'Name the command the item should run, e.g. /powertool warp spawn.');
    if (line.length > 255) throw new InvalidInput('command', `A powertool command is at most 255 characters; this one has ${line.length}.`);
    const name = line.split(/\s+/)[0]!.toLowerCase();
    const found = commands.list().find((c) => c.name.toLowerCase() === name || (c.aliases ?? []).some((a) => a.toLowerCase() === name));
    if (!found) throw new InvalidInput('command', `There is no command /${name} to bind.`);
    if (found.name.toLowerCase() === OWN_COMMAND) throw new InvalidInput('command', 'An item cannot run /powertool itself.');
    return line;
  }

  /** The material in an online player's main hand (and its slot), or a declined result. */
  function mainHand(uuid: string): Result<{ slot: number; material: string }> {
    const inventory = platform.playerInventory(uuid);
    if (!inventory) return fail('player-offline', 'The player is not online.');
    const item = inventory.storage[inventory.selectedSlot];
    if (!item) return fail('refused', 'Hold an item in your main hand to bind a command to it, or to unbind it.');
    return ok({ slot: inventory.selectedSlot, material: item.material });
  }

  return {
    async list(uuid) {
      const p = await knownPlayer(players, uuid);
      if (!p.ok) return p;
      const storage = platform.inventory(p.value.uuid);
      if (!storage) return ok({ items: [], count: 0 });
      const bound = new Map((await store.binds(p.value.uuid)).map((b) => [b.material, b.command]));
      const items: Powertool[] = [];
      storage.forEach((item, slot) => {
        const command = item ? bound.get(item.material) : undefined;
        if (item && command !== undefined) items.push({ slot, material: item.material, command });
      });
      return ok({ items, count: items.length });
    },

    async held(uuid) {
      const p = await knownPlayer(players, uuid);
      if (!p.ok) return p;
      const hand = mainHand(p.value.uuid);
      if (!hand.ok) return ok(null);
      const bind = (await store.binds(p.value.uuid)).find((b) => b.material === hand.value.material);
      return ok(bind ? { slot: hand.value.slot, material: bind.material, command: bind.command } : null);
    },

    async bind(player, command, actor) {
      const p = await knownPlayer(players, player, 'player');
      if (!p.ok) return p;
      const line = commandOf(command);
      const hand = mainHand(p.value.uuid);
      if (!hand.ok) return hand;
      const { material } = hand.value;
      await store.bind(p.value.uuid, material, line, clock.now().toISOString());
      online.get(p.value.uuid)?.set(material, line);
      await audit.record({ actor, action: 'powertool.bind', target: p.value.uuid, details: { material, command: line } });
      return ok({ material, command: line });
    },

    async unbind(player, actor) {
      const p = await knownPlayer(players, player, 'player');
      if (!p.ok) return p;
      const hand = mainHand(p.value.uuid);
      if (!hand.ok) return hand;
      const { material } = hand.value;
      const command = (await store.binds(p.value.uuid)).find((b) => b.material === material)?.command;
      if (command === undefined || !(await store.unbind(p.value.uuid, material))) return fail('not-found', `No command is bound to ${material}.`);
      online.get(p.value.uuid)?.delete(material);
      await audit.record({ actor, action: 'powertool.unbind', target: p.value.uuid, details: { material, command } });
      return ok({ material, command });
    },

    async binds(player) {
      const p = await knownPlayer(players, player, 'player');
      if (!p.ok) return p;
      return ok((await store.binds(p.value.uuid)).map(({ material, command }) => ({ material, command })));
    },
  };
}
