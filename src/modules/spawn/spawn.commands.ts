// In-game and console commands of the spawn: /spawn [player], /setspawn [first-join],
// /delspawn [world|first-join].

import { argsFor } from '../../core/commands/command-args.ts';
import { senderPlayer, succeeded } from '../../core/commands/command-helpers.ts';
import { command } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Location } from '../../platform/platform.ts';
import { msg } from './spawn.messages.ts';
import type { SpawnService } from './spawn.service.ts';
import type { SpawnPoint } from './spawn.store.ts';

export const SPAWN_NODES = {
  /** /spawn: every player. */
  use: 'core.spawn.use',
  /** Staff: /spawn <player>. */
  others: 'core.spawn.others',
  /** Staff: /setspawn and /delspawn. */
  set: 'core.spawn.set',
} as const;

const FIRST_JOIN = 'first-join';

const round = (n: number) => Math.round(n * 10) / 10;
const placeText = (l: Location) => `${l.world} ${round(l.x)}, ${round(l.y)}, ${round(l.z)}`;

export function spawnCommands(spawn: SpawnService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  /** Completions of /delspawn: the worlds with a spawn set, and first-join (refreshed in the background). */
  let setWorlds: string[] = [];
  const deletable = (): string[] => {
    void spawn.worldsSet().then((w) => {
      setWorlds = w;
    });
    return [...setWorlds, FIRST_JOIN];
  };

  async function here(c: CommandContext): Promise<Location | undefined> {
    const at = ctx.platform.location(senderPlayer(c).uuid);
    if (!at) c.reply(msg('spawn.location-unknown'));
    return at;
  }

  return [
    command({
      name: 'spawn',
      permission: SPAWN_NODES.use,
      description: 'Takes you (or another player) to the spawn of the world you are in.',
      args: [arg.player('player').optional()],
      async run(c, { player }) {
        const me = c.sender.kind === 'player' ? c.sender.player : undefined;
        const who = player ?? me;
        if (!who) return c.reply(msg('spawn.console'));
        if (who.uuid === me?.uuid) {
          const r = await spawn.teleport(who.uuid);
          if (succeeded(c, r)) c.reply(msg('spawn.welcome', { world: r.value.world }));
          return;
        }
        if (!c.has(SPAWN_NODES.others)) return c.reply(msg('spawn.others-denied'));
        const r = await spawn.teleport(who.uuid, c.actor);
        if (!succeeded(c, r)) return;
        c.reply(msg('spawn.sent', { player: who.name, world: r.value.world }));
        ctx.messages.tell(who.uuid, me ? msg('spawn.sent-you', { player: me.name, world: r.value.world }) : msg('spawn.sent-you-console', { world: r.value.world }));
      },
    }),
    command({
      name: 'setspawn',
      permission: SPAWN_NODES.set,
      description: 'Sets the spawn of the world you are in where you stand, or the first-join spawn.',
      playerOnly: true,
      args: [arg.choice('spawn', [FIRST_JOIN] as const).optional()],
      async run(c, { spawn: which }) {
        const at = await here(c);
        if (!at) return;
        const r = await spawn.set(which ?? 'world', at, c.actor);
        if (!succeeded(c, r)) return;
        const place = placeText(r.value);
        c.reply(which ? msg('spawn.set-first-join', { place }) : msg('spawn.set', { world: r.value.world, place }));
      },
    }),
    command({
      name: 'delspawn',
      permission: SPAWN_NODES.set,
      description: 'Removes the spawn set for a world (the one you are in unless named), or the first-join spawn.',
      args: [arg.word('spawn', deletable).shownAs('world|first-join').optional()],
      async run(c, { spawn: word }) {
        let point: SpawnPoint;
        if (word === undefined) {
          if (c.sender.kind !== 'player') return c.reply(msg('spawn.name-world'));
          const at = await here(c);
          if (!at) return;
          point = { world: at.world };
        } else {
          // World names are small letters (worlds.md), so a name in any case means the same world.
          const name = word.toLowerCase();
          point = name === FIRST_JOIN ? FIRST_JOIN : { world: name };
        }
        const r = await spawn.delete(point, c.actor);
        if (!succeeded(c, r)) return;
        if (point !== FIRST_JOIN) return c.reply(msg('spawn.deleted', { world: point.world }));
        const start = await spawn.firstJoinSpawn();
        c.reply(msg('spawn.deleted-first-join', { world: start.location.world }));
      },
    }),
  ];
}
