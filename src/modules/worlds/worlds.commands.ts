// In-game commands of the managed worlds: /world (alias /mw) with create, load, unload, delete,
// import, adopt, unregister, set, info, list and tp (alias go).

import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import { parseSetting, SETTING_WORDS, settingText } from './worlds.rules.ts';
import { SETTING_KEYS, type World } from './worlds.schemas.ts';
import type { WorldsService } from './worlds.service.ts';

export const WORLD_NODES = {
  list: 'core.worlds.list',
  info: 'core.worlds.info',
  tp: 'core.worlds.tp',
  /** Admin: take another player to a world. */
  tpOthers: 'core.worlds.tp.others',
  create: 'core.worlds.create',
  load: 'core.worlds.load',
  unload: 'core.worlds.unload',
  delete: 'core.worlds.delete',
  import: 'core.worlds.import',
  adopt: 'core.worlds.adopt',
  unregister: 'core.worlds.unregister',
  set: 'core.worlds.set',
} as const;

const round = (n: number) => Math.round(n * 10) / 10;

function summary(w: World): string {
  const state = w.loaded ? `loaded, ${w.players} player${w.players === 1 ? '' : 's'}` : 'not loaded';
  return `${w.name} (${state}; entry ${w.settings.entry})`;
}

export function worldsCommands(worlds: WorldsService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);
  const managedName = arg.word('name', () => worlds.names()).shownAs('world');
  const anyWorld = arg.word('name', () => [...new Set([...worlds.names(), ...ctx.platform.worlds()])]).shownAs('world');
  const loadedUnmanaged = arg.word('name', () => ctx.platform.worlds().filter((n) => !worlds.managed(n))).shownAs('world');

  function details(c: CommandContext, w: World): void {
    const s = w.settings;
    c.reply(`World ${w.name}: ${w.generator}, seed ${w.seed}, ${w.loaded ? `loaded (${w.players} player${w.players === 1 ? '' : 's'})` : 'not loaded'}${w['built-in'] ? ', built in' : ''}.`);
    c.reply(
      `load-on-start ${settingText(s['load-on-start'])}, entry ${s.entry}, game-mode ${settingText(s['game-mode'])}, pvp ${settingText(s.pvp)}, build ${settingText(s.build)}, spawn ${s.spawn ? `${round(s.spawn.x)}, ${round(s.spawn.y)}, ${round(s.spawn.z)}` : 'the world’s own'}.`,
    );
  }

  return [
    command({
      name: 'world',
      aliases: ['mw'],
      permission: null,
      description: 'Managed worlds: create, load, unload, delete, import, adopt, unregister, settings, travel.',
      subcommands: [
        sub({
          name: 'list',
          permission: WORLD_NODES.list,
          description: 'Lists the managed worlds, and the worlds that could be adopted or imported.',
          async run(c) {
            const r = worlds.list();
            if (!succeeded(c, r)) return;
            c.reply(`Managed worlds (${r.value.count}):${r.value.count === 0 ? ' none' : ''}`);
            for (const w of r.value.worlds) c.reply(summary(w));
            const loose = [
              ...ctx.platform.worlds().filter((n) => !worlds.managed(n)).map((n) => `${n} (loaded)`),
              ...(await ctx.platform.storedWorlds()).filter((n) => !worlds.managed(n) && !ctx.platform.worlds().includes(n)).map((n) => `${n} (on disk)`),
            ];
            if (loose.length) c.reply(`Not managed: ${loose.join(', ')}.`);
          },
        }),
        sub({
          name: 'info',
          permission: WORLD_NODES.info,
          description: 'Shows a managed world and its settings.',
          args: [managedName],
          run(c, { name }) {
            const r = worlds.get(name);
            if (succeeded(c, r)) details(c, r.value);
          },
        }),
        sub({
          name: 'tp',
          aliases: ['go'],
          permission: WORLD_NODES.tp,
          description: 'Takes you (or another player) to a world’s spawn.',
          args: [anyWorld, arg.player('player').optional()],
          async run(c, { name, player }) {
            const me = c.sender.kind === 'player' ? c.sender.player : undefined;
            const who = player ?? me;
            if (!who) return c.reply({ text: 'Name a player: the console cannot travel.', color: 'red' });
            if (who.uuid !== me?.uuid && !c.has(WORLD_NODES.tpOthers)) {
              return c.reply({ text: `You do not have permission (${WORLD_NODES.tpOthers}).`, color: 'red' });
            }
            const r = await worlds.teleport(who.uuid, name);
            if (!succeeded(c, r)) return;
            c.reply(who.uuid === me?.uuid ? `You are in ${name}.` : `${who.name} was taken to ${name}.`);
          },
        }),
        sub({
          name: 'create',
          permission: WORLD_NODES.create,
          description: 'Creates a world (default terrain unless flat), loads it and manages it.',
          args: [arg.word('name'), arg.choice('generator', ['default', 'flat'] as const).optional(), arg.integer('seed', { min: -2147483648, max: 2147483647 }).optional()],
          async run(c, { name, generator, seed }) {
            c.reply(`Creating the world ${name}…`);
            const r = await worlds.create(name, { ...(generator ? { generator } : {}), ...(seed !== undefined ? { seed } : {}) }, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} created (${r.value.generator}, seed ${r.value.seed}) and loaded.`);
          },
        }),
        sub({
          name: 'load',
          permission: WORLD_NODES.load,
          description: 'Loads a managed world.',
          args: [managedName],
          async run(c, { name }) {
            const r = await worlds.load(name, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} loaded.`);
          },
        }),
        sub({
          name: 'unload',
          permission: WORLD_NODES.unload,
          description: 'Unloads a managed world (saving it unless nosave); its players go to the default world’s spawn.',
          args: [managedName, arg.choice('save', ['save', 'nosave'] as const).optional()],
          async run(c, { name, save }) {
            const r = await worlds.unload(name, save !== 'nosave', c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} unloaded${save === 'nosave' ? ' without saving' : ''}.`);
          },
        }),
        sub({
          name: 'delete',
          permission: WORLD_NODES.delete,
          description: 'Deletes a managed world and its folder, for good (asks for confirm).',
          args: [managedName, arg.choice('confirm', ['confirm'] as const).optional()],
          async run(c, { name, confirm }) {
            if (!confirm) {
              const known = worlds.get(name);
              if (!succeeded(c, known)) return;
              const slash = c.sender.kind === 'player' ? '/' : '';
              return c.reply({ text: `Deleting ${name} removes its folder and every block in it, for good. Type ${slash}world delete ${name} confirm to do it.`, color: 'gold' });
            }
            const r = await worlds.delete(name, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} deleted.`);
          },
        }),
        sub({
          name: 'import',
          permission: WORLD_NODES.import,
          description: 'Manages and loads a world folder copied into the worlds folder.',
          args: [arg.word('name', () => [])],
          async run(c, { name }) {
            const r = await worlds.import(name, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} imported (${r.value.generator}, seed ${r.value.seed}) and loaded.`);
          },
        }),
        sub({
          name: 'adopt',
          permission: WORLD_NODES.adopt,
          description: 'Manages a loaded world that is not managed yet (e.g. world); its files are not touched.',
          args: [loadedUnmanaged],
          async run(c, { name }) {
            const r = await worlds.adopt(name, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} is now managed.`);
          },
        }),
        sub({
          name: 'unregister',
          permission: WORLD_NODES.unregister,
          description: 'Stops managing a world; its files are kept and it stays loaded if it is.',
          args: [managedName],
          async run(c, { name }) {
            const r = await worlds.unregister(name, c.actor);
            if (succeeded(c, r)) c.reply(`World ${name} is no longer managed; its files were kept.`);
          },
        }),
        sub({
          name: 'set',
          permission: WORLD_NODES.set,
          description: 'Changes a setting of a managed world.',
          args: [managedName, arg.choice('setting', SETTING_KEYS), arg.word('value', () => [...new Set(Object.values(SETTING_WORDS).flat())])],
          async run(c, { name, setting, value }) {
            const here = c.sender.kind === 'player' ? ctx.platform.location(c.sender.player.uuid) : undefined;
            const parsed = parseSetting(name, setting, value, here);
            if ('problem' in parsed) return c.reply({ text: parsed.problem, color: 'red' });
            const r = await worlds.set(name, setting, parsed.value, c.actor);
            if (succeeded(c, r)) c.reply(`${name}: ${setting} is now ${settingText(r.value.settings[setting])}.`);
          },
        }),
      ],
    }),
  ];
}
