// data/core/scoreboard.conf: the sidebar's title and lines, the tab list's header and footer, the
// nametag format of each permission group, and how often the sidebar and tab list are redrawn.
// Every key applies on `core reload`, from the next redraw (which the reload itself brings about
// within refresh-seconds).

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines, oneOf } from '../../core/config/config-schema.ts';
import { NAME_COLORS, SIDEBAR_MAX_LINES } from '../../platform/display.ts';

export const MIN_REFRESH = 1;
export const MAX_REFRESH = 3600;
/** The longest text a line, title, prefix or suffix may be (the game cuts long ones anyway). */
export const MAX_TEXT = 256;
export const MAX_TAB_LINES = 10;
const GROUP = '^[a-z0-9_-]{1,64}$';

const text = (options: { default?: string; examples?: string[]; description?: string } = {}) => Type.String({ ...options, maxLength: MAX_TEXT });

/** Lines of text, top to bottom. */
const textLines = (max: number, options: { examples?: string[][]; description?: string; multiline?: boolean } = {}) =>
  Type.Array(text(), { ...options, default: [], maxItems: max, unit: 'lines', errorMessage: { type: 'must be a list of texts, e.g. ["first", "second"]' } });

const Nametag = Type.Object({
  /** The permission group whose members wear it. */
  group: Type.String({ pattern: GROUP, errorMessage: 'must be a permission group name (a-z, 0-9, _ and -)' }),
  /** Markup and placeholders (worked out for the wearer). */
  prefix: text({ default: '' }),
  suffix: text({ default: '' }),
  /** The name's colour; left out: the game's default (white). */
  color: Type.Optional(oneOf(NAME_COLORS)),
});

export const scoreboardConfig = defineConfig({
  file: 'scoreboard.conf',
  header: lines(
    'Core sidebar, tab list and nametags.',
    '',
    'Texts take & markup (&a green, &6 gold, &l bold, &r plain; && is a literal &) and {placeholders},',
    'worked out for the player who sees them: {player}, {online}, {world} (the kernel\'s), {balance}',
    '(economy), {rank} (ranks), {playtime} (playtime). A placeholder of a module that is off stays as',
    'written. docs/scoreboard.md lists them all.',
  ),
  schema: Type.Object({
    'refresh-seconds': Type.Integer({
      default: 5,
      minimum: MIN_REFRESH,
      maximum: MAX_REFRESH,
      unit: 'seconds',
      description: lines(
        `Seconds between redraws of every player's sidebar and tab list (1 to ${MAX_REFRESH}). Only the`,
        'lines that changed are sent.',
      ),
    }),
    sidebar: Type.Object(
      {
        enabled: Type.Boolean({ default: true, description: 'Whether players are shown the sidebar at all (each player can still hide it with /sidebar).' }),
        title: text({ default: '', examples: ['&6&lCore'] }),
        lines: textLines(SIDEBAR_MAX_LINES, {
          examples: [['&7Player: &f{player}', '&7Balance: &a{balance}', '&7Rank: &b{rank}', '&7Online: &f{online}']],
          multiline: true,
          description: `Up to ${SIDEBAR_MAX_LINES} lines, top to bottom.`,
        }),
      },
      { default: {}, errorMessage: { type: 'must be a table ([sidebar])' } },
    ),
    tablist: Type.Object(
      {
        enabled: Type.Boolean({ default: true, description: 'Whether the header and footer are drawn above and below the tab list.' }),
        header: textLines(MAX_TAB_LINES, { examples: [['&6&lWelcome, {player}']], description: `Up to ${MAX_TAB_LINES} lines each.` }),
        footer: textLines(MAX_TAB_LINES, { examples: [['&7{online} online']] }),
      },
      { default: {}, errorMessage: { type: 'must be a table ([tablist])' } },
    ),
    /** In priority order: a player wears the first whose group they are in. */
    nametags: Type.Array(Nametag, {
      default: [],
      errorMessage: { type: 'must be [[nametags]] tables' },
      description: lines(
        "Nametags: the text before and after a player's name above their head and in the tab list, and",
        "the name's colour (black, dark_blue, dark_green, dark_aqua, dark_red, dark_purple, gold, gray,",
        'dark_gray, blue, green, aqua, red, light_purple, yellow, white). One [[nametags]] table per',
        "permission group; a player wears the FIRST one, in this file's order, whose group they are in",
        '(every player is in "default": a [[nametags]] for it, last, is everyone else\'s). Put the most',
        'important group first. A player in none of the groups listed has a plain name.',
        'A format is chosen when the player joins, after core reload, and when it is refreshed',
        '(POST /players/{uuid}/nametag/refresh): a group granted meanwhile shows from then on.',
      ),
      examples: [
        [
          { group: 'admin', prefix: '&c[Admin] ', suffix: '', color: 'red' },
          { group: 'moderator', prefix: '&9[Mod] ', suffix: '', color: 'blue' },
        ],
      ],
    }),
  }),
  check(settings, at) {
    settings.nametags.forEach((n, i) => {
      if (settings.nametags.slice(0, i).some((o) => o.group === n.group)) at.problem(`nametags[${i + 1}].group`, `"${n.group}" has two [[nametags]] tables`);
    });
  },
  // A nametag by its group: the reply of `core reload` says whose changed.
  keys: (c) =>
    new Map<string, unknown>([
      ['refresh-seconds', c.refreshSeconds],
      ['sidebar', c.sidebar],
      ['tablist', c.tablist],
      ...c.nametags.map((n): [string, unknown] => [`nametags.${n.group}`, n]),
      ['nametags', c.nametags.map((n) => n.group)],
    ]),
});

export type ScoreboardConfig = ConfigOf<typeof scoreboardConfig>;
export type NametagFormat = ScoreboardConfig['nametags'][number];

/** scoreboard.conf for `core reload`: every key applies at once (drawn again at the next redraw, which the reload brings about within refresh-seconds). */
export const scoreboardReloadable = (configDir: string) => scoreboardConfig.reloadable(configDir);
