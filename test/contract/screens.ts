// What a player's screen shows of the display capabilities, read the same way on both platforms:
// on the fake from what it recorded for that player, on flying-squid from the packets a mineflayer
// bot received (mineflayer keeps teams, the tab list header and names itself; the sidebar, titles,
// the action bar and sounds are read from the raw packets, which it does not keep at 1.21.4).

import { createRequire } from 'node:module';
import type { EventEmitter } from 'node:events';
import type { Bot } from 'mineflayer';
import type { OnlinePlayer, Text } from '../../src/platform/platform.ts';
import type { FakePlatform } from '../support/fake-platform.ts';
import { plain } from '../support/fake-platform.ts';

export interface ScreenNametag {
  prefix: string;
  suffix: string;
  /** The name colour, or 'reset' for the default. */
  color: string;
}

/** What one player sees; every text is plain (its colours left out). */
export interface Screen {
  /** The sidebar's title and lines, top to bottom. */
  sidebar(): { title: string; lines: string[] } | undefined;
  /** The nametag drawn on a player (by name). */
  nametagOf(name: string): ScreenNametag | undefined;
  tabListText(): { header: string; footer: string };
  /** Whether the player (by name) is in this player's tab list. */
  listsPlayer(name: string): boolean;
  /** The name the tab list shows for a player (by name), or undefined when not listed. */
  tabNameOf(name: string): string | undefined;
  /** The title on the screen, with its subtitle ('' when none). */
  title(): { title: string; subtitle: string } | undefined;
  /** The last action bar line. */
  actionBar(): string | undefined;
  /** The names of the sounds heard, in order. */
  soundsHeard(): string[];
  /** The chat lines shown, in order. */
  chatLines(): string[];
}

const text = (t: Text | undefined) => (t === undefined ? '' : plain(t));

export function fakeScreen(platform: FakePlatform, me: OnlinePlayer): Screen {
  const d = platform.display;
  const seen = (name: string) => d.playersSeenBy(me.uuid).find((p) => p.name === name) ?? (name === me.name ? me : undefined);
  return {
    sidebar: () => {
      const s = platform.sidebar(me.uuid);
      return s && { title: text(s.title), lines: s.lines.map(text) };
    },
    nametagOf: (name) => {
      const target = platform.playerByName(name);
      const tag = target && platform.nametag(target.uuid, me.uuid);
      return tag && { prefix: text(tag.prefix), suffix: text(tag.suffix), color: tag.color ?? 'reset' };
    },
    tabListText: () => {
      const t = platform.tabListText(me.uuid);
      return { header: text(t?.header), footer: text(t?.footer) };
    },
    listsPlayer: (name) => seen(name) !== undefined,
    tabNameOf: (name) => {
      const p = seen(name);
      if (!p) return undefined;
      const shown = platform.tabName(p.uuid);
      return shown === undefined ? p.name : text(shown);
    },
    title: () => {
      const t = d.titleOn(me.uuid);
      return t && { title: text(t.title), subtitle: text(t.subtitle) };
    },
    actionBar: () => {
      const a = d.actionBarOf(me.uuid);
      return a === undefined ? undefined : text(a);
    },
    soundsHeard: () => d.soundsHeardBy(me.uuid),
    chatLines: () => [...(d.chatSeen.get(me.uuid) ?? [])],
  };
}

const require = createRequire(import.meta.url);
const mcRequire = createRequire(require.resolve('mineflayer'));
const mcData = require('minecraft-data') as (v: string) => { soundsByName: Record<string, { id: number; name: string }> };
const ChatMessage = (mcRequire('prismarine-chat') as (v: string) => { fromNotch(m: unknown): { toString(): string } })('1.21.4');
let soundNames: Map<number, string> | undefined;

/** Plain text of an NBT text component as the client reads it. */
function nbtText(value: unknown): string {
  if (value === undefined || value === null) return '';
  return ChatMessage.fromNotch(value).toString();
}

interface Objective {
  title: string;
  scores: Map<string, { value: number; text: string }>;
}

/** A bot's screen; call it as soon as the bot has joined (it records from then on). */
export function botScreen(bot: Bot): Screen {
  const client = bot._client as unknown as EventEmitter;
  const objectives = new Map<string, Objective>();
  let sidebarName: string | undefined;
  let title: { title: string; subtitle: string } | undefined;
  let subtitle = '';
  let actionBar: string | undefined;
  const sounds: string[] = [];
  const chat: string[] = [];
  client.on('scoreboard_objective', (p: { name: string; action: number; displayText?: unknown }) => {
    if (p.action === 1) objectives.delete(p.name);
    else if (p.action === 0) objectives.set(p.name, { title: nbtText(p.displayText), scores: new Map() });
    else if (objectives.has(p.name)) objectives.get(p.name)!.title = nbtText(p.displayText);
  });
  client.on('scoreboard_display_objective', (p: { position: number; name: string }) => {
    if (p.position === 1) sidebarName = p.name;
  });
  client.on('scoreboard_score', (p: { itemName: string; scoreName: string; value: number; display_name?: unknown }) => {
    objectives.get(p.scoreName)?.scores.set(p.itemName, { value: p.value, text: p.display_name === undefined ? p.itemName : nbtText(p.display_name) });
  });
  client.on('reset_score', (p: { entity_name: string; objective_name?: string }) => {
    for (const [name, o] of objectives) if (p.objective_name === undefined || p.objective_name === name) o.scores.delete(p.entity_name);
  });
  client.on('set_title_subtitle', (p: { text: unknown }) => {
    subtitle = nbtText(p.text);
  });
  client.on('set_title_text', (p: { text: unknown }) => {
    title = { title: nbtText(p.text), subtitle };
  });
  client.on('clear_titles', (p: { reset: boolean }) => {
    title = undefined;
    if (p.reset) subtitle = '';
  });
  client.on('sound_effect', (p: { sound: { soundId?: number } }) => {
    soundNames ??= new Map(Object.values(mcData('1.21.4').soundsByName).map((s) => [s.id, s.name]));
    sounds.push(soundNames.get(p.sound.soundId ?? -1) ?? `#${String(p.sound.soundId)}`);
  });
  client.on('system_chat', (p: { content: unknown; isActionBar: boolean }) => {
    if (p.isActionBar) actionBar = nbtText(p.content);
    else chat.push(nbtText(p.content));
  });
  return {
    sidebar: () => {
      const o = sidebarName === undefined ? undefined : objectives.get(sidebarName);
      if (!o) return undefined;
      const lines = [...o.scores].sort(([a, x], [b, y]) => y.value - x.value || a.localeCompare(b)).map(([, s]) => s.text);
      return { title: o.title, lines };
    },
    nametagOf: (name) => {
      const team = bot.teamMap[name] as unknown as { prefix: { toString(): string }; suffix: { toString(): string }; color: string } | undefined;
      return team && { prefix: team.prefix.toString(), suffix: team.suffix.toString(), color: team.color };
    },
    tabListText: () => ({ header: bot.tablist.header.toString(), footer: bot.tablist.footer.toString() }),
    listsPlayer: (name) => bot.players[name] !== undefined,
    tabNameOf: (name) => bot.players[name]?.displayName.toString(),
    title: () => title && { ...title },
    actionBar: () => actionBar,
    soundsHeard: () => [...sounds],
    chatLines: () => [...chat],
  };
}
