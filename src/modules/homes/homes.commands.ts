// In-game commands of the homes: /sethome, /home (with icon, public, private and visits to another
// player's public home), /delhome, /homes.

import type { CommandContext, CommandDefinition } from '../../core/commands/commands.ts';
import type { ModuleContext } from '../../core/kernel/module.ts';
import type { Location } from '../../platform/platform.ts';
import type { Home, Visibility } from './homes.schemas.ts';
import { HOME_OTHERS_NODE, type HomeRef, type HomesService } from './homes.service.ts';
import { argsFor } from '../../core/commands/command-args.ts';
import { succeeded, senderPlayer } from '../../core/commands/command-helpers.ts';
import { command, sub } from '../../core/commands/command-tree.ts';
import { msg } from './homes.messages.ts';

export const HOME_NODES = {
  set: 'core.home.set',
  use: 'core.home.use',
  delete: 'core.home.delete',
  list: 'core.home.list',
  visit: 'core.home.visit',
  /** Admin: visit private homes of others and list all of another player's homes. */
  others: HOME_OTHERS_NODE,
} as const;

/** "3" is slot 3; anything else is a label. */
export function homeRef(word: string): HomeRef {
  return /^\d+$/.test(word) ? Number(word) : word;
}

const round = (n: number) => Math.round(n * 10) / 10;
export const placeText = (l: Location) => `${l.world} ${round(l.x)}, ${round(l.y)}, ${round(l.z)}`;
const homeName = (h: Home) => (h.label ? `${h.slot} (${h.label})` : String(h.slot));

export function homesCommands(homes: HomesService, ctx: ModuleContext): CommandDefinition[] {
  const arg = argsFor(ctx);

  /** A home word as a slot: a label is looked up among the sender's homes. */
  async function slotOfRef(c: CommandContext, ref: HomeRef): Promise<number | undefined> {
    if (typeof ref === 'number') return ref;
    const r = await homes.find(senderPlayer(c).uuid, ref);
    return succeeded(c, r) ? r.value.slot : undefined;
  }

  /** Completions: the sender's home slots and labels. */
  let cache: { uuid: string; words: string[] } | undefined;
  function ownWords(c: CommandContext): string[] {
    const me = c.sender.kind === 'player' ? c.sender.player.uuid : undefined;
    if (!me) return [];
    // Completion is synchronous: offer what the last lookup found and refresh it for next time.
    void homes.list(me).then((r) => {
      if (r.ok) cache = { uuid: me, words: r.value.homes.flatMap((h) => [String(h.slot), ...(h.label ? [h.label] : [])]) };
    });
    return cache?.uuid === me ? cache.words : [];
  }

  /** One of the sender's homes: "3" is slot 3, anything else a label. */
  const home = arg.custom('home', {
    shown: 'slot|label',
    parse: (word) => ({ ok: true, value: homeRef(word) }),
    complete: ownWords,
  });

  async function travel(c: CommandContext, word: string | undefined): Promise<void> {
    const me = senderPlayer(c);
    let owner = me.uuid;
    let ownerName = me.name;
    let ref: HomeRef | undefined = word === undefined ? undefined : homeRef(word);
    if (word?.includes(':')) {
      if (!c.has(HOME_NODES.visit)) return c.reply(msg('homes.visit-denied'));
      const [name = '', refWord = ''] = word.split(':', 2);
      const p = await ctx.players.find(name);
      if (!p) return c.reply(msg('homes.never-joined', { player: name }));
      if (refWord === '') return c.reply(msg('homes.visit-usage'));
      owner = p.uuid;
      ownerName = p.name;
      ref = homeRef(refWord);
    }
    if (ref === undefined) {
      const list = await homes.list(me.uuid);
      if (!succeeded(c, list)) return;
      const first = list.value.homes[0];
      if (!first) return c.reply(msg('homes.none-yet'));
      ref = first.slot;
    }
    const r = await homes.teleport(me.uuid, owner, ref);
    if (!succeeded(c, r)) return;
    c.reply(owner === me.uuid ? msg('homes.welcome', { home: homeName(r.value) }) : msg('homes.visited', { home: homeName(r.value), player: ownerName }));
  }

  const visibility = (v: Visibility) =>
    sub({
      name: v,
      permission: HOME_NODES.set,
      args: [home],
      async run(c, { home: ref }) {
        const slot = await slotOfRef(c, ref);
        if (slot === undefined) return;
        const me = senderPlayer(c);
        const r = await homes.setVisibility(me.uuid, slot, v, c.actor);
        if (!succeeded(c, r)) return;
        const home = homeName(r.value);
        c.reply(r.value.visibility === 'public' ? msg('homes.now-public', { home, player: me.name, slot: r.value.slot }) : msg('homes.now-private', { home }));
      },
    });

  return [
    command({
      name: 'sethome',
      permission: HOME_NODES.set,
      description: 'Sets a home where you stand: in a slot, by label, or in your first empty slot.',
      playerOnly: true,
      args: [home.optional()],
      async run(c, { home: ref }) {
        const me = senderPlayer(c);
        const here = ctx.platform.location(me.uuid);
        if (!here) return c.reply(msg('homes.location-unknown'));
        const r = await homes.setByRef(me.uuid, ref, here, c.actor);
        if (succeeded(c, r)) c.reply(msg('homes.set', { home: homeName(r.value), place: placeText(r.value.location) }));
      },
    }),
    command({
      name: 'home',
      permission: HOME_NODES.use,
      description: 'Takes you to a home (or another player’s public one), or sets a home’s icon or visibility.',
      playerOnly: true,
      args: [arg.word('home', ownWords).shownAs('slot|label|player:slot').optional()],
      run: (c, { home: word }) => travel(c, word),
      subcommands: [
        sub({
          name: 'icon',
          permission: HOME_NODES.set,
          args: [home, arg.material('material')],
          async run(c, { home: ref, material }) {
            const slot = await slotOfRef(c, ref);
            if (slot === undefined) return;
            const r = await homes.setIcon(senderPlayer(c).uuid, slot, material, c.actor);
            if (succeeded(c, r)) c.reply(msg('homes.icon', { home: homeName(r.value), icon: r.value.icon }));
          },
        }),
        visibility('public'),
        visibility('private'),
      ],
    }),
    command({
      name: 'delhome',
      aliases: ['deletehome'],
      permission: HOME_NODES.delete,
      description: 'Deletes one of your homes.',
      playerOnly: true,
      args: [home],
      async run(c, { home: ref }) {
        const slot = await slotOfRef(c, ref);
        if (slot === undefined) return;
        const r = await homes.delete(senderPlayer(c).uuid, slot, c.actor);
        if (!succeeded(c, r)) return;
        c.reply(r.value.home ? msg('homes.deleted', { home: homeName(r.value.home) }) : msg('homes.nothing-deleted', { slot }));
      },
    }),
    command({
      name: 'homes',
      permission: HOME_NODES.list,
      description: 'Lists your homes, or another player’s public homes.',
      args: [arg.knownPlayer('player').optional()],
      async run(c, { player: p }) {
        const me = c.sender.kind === 'player' ? c.sender.player.uuid : undefined;
        if (p === undefined && me === undefined) return c.reply(msg('homes.console'));
        const uuid = p?.uuid ?? me!;
        // The sender's own homes, or another's all (with core.home.others, or at the console), or their public ones.
        const own = p === undefined || p.uuid === me;
        const all = own || me === undefined || c.has(HOME_NODES.others);
        const r = await homes.list(uuid);
        if (!succeeded(c, r)) return;
        const shown = r.value.homes.filter((h) => all || h.visibility === 'public');
        const { count, limit } = r.value;
        const name = p?.name ?? '';
        if (own) c.reply(shown.length ? msg('homes.list-own', { count, limit }) : msg('homes.list-own-empty', { limit }));
        else if (all) c.reply(shown.length ? msg('homes.list-of', { player: name, count, limit }) : msg('homes.list-of-empty', { player: name }));
        else c.reply(shown.length ? msg('homes.list-public-of', { player: name }) : msg('homes.list-public-of-empty', { player: name }));
        for (const h of shown) {
          const visibility = h.visibility === 'public' ? msg('homes.public') : msg('homes.private-word');
          c.reply(msg('homes.row', { home: homeName(h), place: placeText(h.location), icon: h.icon, visibility }));
        }
      },
    }),
  ];
}
