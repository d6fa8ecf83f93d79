// data/core/scoreboard.conf: the sidebar's title and lines, the tab list's header and footer, the
// nametag format of each permission group, and how often the sidebar and tab list are redrawn.
// Written with comments on first start, never overwritten; every key applies on `core reload`,
// from the next redraw (which the reload itself brings about within refresh-seconds).

import { join } from 'node:path';
import { configProblem, readConfigFile } from '../../core/config-file.ts';
import type { ReloadableConfig } from '../../core/config-reload.ts';
import { NAME_COLORS, SIDEBAR_MAX_LINES, type NameColor } from '../../platform/display.ts';

export interface NametagFormat {
  /** The permission group whose members wear it. */
  group: string;
  /** Markup and placeholders (worked out for the wearer). */
  prefix: string;
  suffix: string;
  /** The name's colour; undefined: the game's default (white). */
  color: NameColor | undefined;
}

export interface ScoreboardConfig {
  /** Seconds between redraws of the sidebar and the tab list. */
  refreshSeconds: number;
  sidebar: { enabled: boolean; title: string; lines: string[] };
  tablist: { enabled: boolean; header: string[]; footer: string[] };
  /** In priority order: a player wears the first whose group they are in. */
  nametags: NametagFormat[];
}

export const MIN_REFRESH = 1;
export const MAX_REFRESH = 3600;
/** The longest text a line, title, prefix or suffix may be (the game cuts long ones anyway). */
export const MAX_TEXT = 256;
export const MAX_TAB_LINES = 10;
const GROUP = /^[a-z0-9_-]{1,64}$/;

export const SCOREBOARD_CONF_DEFAULT = `# Core sidebar, tab list and nametags.
#
# Texts take & markup (&a green, &6 gold, &l bold, &r plain; && is a literal &) and {placeholders},
# worked out for the player who sees them: {player}, {online}, {world} (the kernel's), {balance}
# (economy), {rank} (ranks), {playtime} (playtime). A placeholder of a module that is off stays as
# written. docs/scoreboard.md lists them all.

# Seconds between redraws of every player's sidebar and tab list (1 to ${MAX_REFRESH}). Only the
# lines that changed are sent.
refresh-seconds = 5

[sidebar]
# Whether players are shown the sidebar at all (each player can still hide it with /sidebar).
enabled = true
title = "&6&lCore"
# Up to ${SIDEBAR_MAX_LINES} lines, top to bottom.
lines = [
  "&7Player: &f{player}",
  "&7Balance: &a{balance}",
  "&7Rank: &b{rank}",
  "&7Online: &f{online}",
]

[tablist]
# Whether the header and footer are drawn above and below the tab list.
enabled = true
# Up to ${MAX_TAB_LINES} lines each.
header = ["&6&lWelcome, {player}"]
footer = ["&7{online} online"]

# Nametags: the text before and after a player's name above their head and in the tab list, and
# the name's colour (black, dark_blue, dark_green, dark_aqua, dark_red, dark_purple, gold, gray,
# dark_gray, blue, green, aqua, red, light_purple, yellow, white). One [[nametags]] table per
# permission group; a player wears the FIRST one, in this file's order, whose group they are in
# (every player is in "default": a [[nametags]] for it, last, is everyone else's). Put the most
# important group first. A player in none of the groups listed has a plain name.
# A format is chosen when the player joins, after core reload, and when it is refreshed
# (POST /players/{uuid}/nametag/refresh): a group granted meanwhile shows from then on.

[[nametags]]
group = "admin"
prefix = "&c[Admin] "
suffix = ""
color = "red"

[[nametags]]
group = "moderator"
prefix = "&9[Mod] "
suffix = ""
color = "blue"
`;

const TOP_KEYS = ['refresh-seconds', 'sidebar', 'tablist', 'nametags'];
const SIDEBAR_KEYS = ['enabled', 'title', 'lines'];
const TABLIST_KEYS = ['enabled', 'header', 'footer'];
const NAMETAG_KEYS = ['group', 'prefix', 'suffix', 'color'];

export function loadScoreboardConfig(configDir: string): ScoreboardConfig {
  const path = join(configDir, 'scoreboard.conf');
  const read = readConfigFile(path, SCOREBOARD_CONF_DEFAULT);
  if (!read.ok) throw new Error(read.message);
  const { table, text } = read;
  const problem = (key: string, what: string) => new Error(configProblem(path, text, key, what));
  const tableAt = (raw: unknown, key: string, keys: string[]): Record<string, unknown> => {
    if (raw === undefined) return {};
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw problem(key, `must be a table ([${key}])`);
    const t = raw as Record<string, unknown>;
    for (const k of Object.keys(t)) if (!keys.includes(k)) throw problem(k, `is not a key of [${key}] (${keys.join(', ')})`);
    return t;
  };
  const textAt = (raw: unknown, key: string): string => {
    if (typeof raw !== 'string') throw problem(key, 'must be a text in quotes');
    if (raw.length > MAX_TEXT) throw problem(key, `must be at most ${MAX_TEXT} characters`);
    return raw;
  };
  const linesAt = (raw: unknown, key: string, max: number): string[] => {
    if (!Array.isArray(raw)) throw problem(key, 'must be a list of texts, e.g. ["first", "second"]');
    if (raw.length > max) throw problem(key, `holds at most ${max} lines, not ${raw.length}`);
    return raw.map((l) => textAt(l, key));
  };
  const flag = (raw: unknown, key: string): boolean => {
    if (typeof raw !== 'boolean') throw problem(key, 'must be true or false');
    return raw;
  };

  for (const key of Object.keys(table)) if (!TOP_KEYS.includes(key)) throw problem(key, 'is not a key of this file');
  const refresh = table['refresh-seconds'] ?? 5;
  if (typeof refresh !== 'number' || !Number.isInteger(refresh) || refresh < MIN_REFRESH || refresh > MAX_REFRESH) {
    throw problem('refresh-seconds', `must be a whole number of seconds from ${MIN_REFRESH} to ${MAX_REFRESH}`);
  }
  const s = tableAt(table.sidebar, 'sidebar', SIDEBAR_KEYS);
  const t = tableAt(table.tablist, 'tablist', TABLIST_KEYS);

  const rawTags = table.nametags ?? [];
  if (!Array.isArray(rawTags)) throw problem('nametags', 'must be [[nametags]] tables');
  const nametags: NametagFormat[] = rawTags.map((raw, i) => {
    const n = tableAt(raw, 'nametags', NAMETAG_KEYS);
    const at = `nametags[${i + 1}]`;
    if (typeof n.group !== 'string' || !GROUP.test(n.group)) throw problem('group', `of ${at} must be a permission group name (a-z, 0-9, _ and -)`);
    const group = n.group;
    if (rawTags.slice(0, i).some((o) => (o as Record<string, unknown>).group === group)) throw problem('group', `"${group}" has two [[nametags]] tables`);
    const color = n.color;
    if (color !== undefined && (typeof color !== 'string' || !(NAME_COLORS as readonly string[]).includes(color))) {
      throw problem('color', `of the nametag of "${group}" must be one of ${NAME_COLORS.join(', ')}`);
    }
    return { group, prefix: textAt(n.prefix ?? '', 'prefix'), suffix: textAt(n.suffix ?? '', 'suffix'), color: color as NameColor | undefined };
  });

  return {
    refreshSeconds: refresh,
    sidebar: { enabled: flag(s.enabled ?? true, 'enabled'), title: textAt(s.title ?? '', 'title'), lines: linesAt(s.lines ?? [], 'lines', SIDEBAR_MAX_LINES) },
    tablist: {
      enabled: flag(t.enabled ?? true, 'enabled'),
      header: linesAt(t.header ?? [], 'header', MAX_TAB_LINES),
      footer: linesAt(t.footer ?? [], 'footer', MAX_TAB_LINES),
    },
    nametags,
  };
}

/** scoreboard.conf for `core reload`: every key applies at once (drawn again at the next redraw). */
export function scoreboardReloadable(configDir: string): ReloadableConfig<ScoreboardConfig> {
  return {
    path: join(configDir, 'scoreboard.conf'),
    read: () => loadScoreboardConfig(configDir),
    keys: (c) =>
      new Map<string, unknown>([
        ['refresh-seconds', c.refreshSeconds],
        ['sidebar', c.sidebar],
        ['tablist', c.tablist],
        ...c.nametags.map((n): [string, unknown] => [`nametags.${n.group}`, n]),
        ['nametags', c.nametags.map((n) => n.group)],
      ]),
  };
}
