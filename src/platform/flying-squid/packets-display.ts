// Raw 1.21.4 packets of what the platform draws besides chat: the sidebar (a scoreboard objective
// in display slot 1), nametags (one team per player), the tab list header, footer and names,
// titles (the action bar is system_chat in packets.ts), and the removal of a hidden player. Pure
// functions of their inputs; packets-display.test.ts round-trips each through the 1.21.4 serializer.

import { NAME_COLORS, SIDEBAR_MAX_LINES, type NameColor } from '../display.ts';
import type { Packet } from './packets.ts';
import { textToNbt, type NbtCompound } from './text.ts';

/** The objective every player's sidebar is drawn with (each client holds its own). */
export const SIDEBAR_OBJECTIVE = 'core.sidebar';
/** scoreboard_display_objective's slot of the sidebar. */
const SIDEBAR_SLOT = 1;
/** The objective's number format "blank": the score numbers right of each line are not drawn. */
const BLANK_NUMBERS = 0;
/** The objective's render type "integer" (the other is hearts). */
const INTEGER = 0;

/**
 * The score holder of sidebar line `index` (0 at the top). Its text is the score's display name, so
 * the holder only has to be unique and must not start with '#' (the game hides those lines).
 */
export function sidebarEntry(index: number): string {
  return `core.line.${index}`;
}

/** Fixed scores from 15 down keep the order, and a line keeps its score when lines are added below. */
function lineScore(index: number): number {
  return SIDEBAR_MAX_LINES - index;
}

/** Creates the sidebar objective (action 0) or changes its title (action 2). */
export function sidebarObjective(title: NbtCompound, create: boolean): Packet {
  return {
    name: 'scoreboard_objective',
    params: { name: SIDEBAR_OBJECTIVE, action: create ? 0 : 2, displayText: title, type: INTEGER, number_format: BLANK_NUMBERS },
  };
}

/** Removes the objective, and with it the sidebar from the screen. */
export function sidebarRemove(): Packet {
  return { name: 'scoreboard_objective', params: { name: SIDEBAR_OBJECTIVE, action: 1 } };
}

export function sidebarShow(): Packet {
  return { name: 'scoreboard_display_objective', params: { position: SIDEBAR_SLOT, name: SIDEBAR_OBJECTIVE } };
}

/** Sets line `index` of the sidebar (adding it when new). */
export function sidebarLine(index: number, text: NbtCompound): Packet {
  return {
    name: 'scoreboard_score',
    params: { itemName: sidebarEntry(index), scoreName: SIDEBAR_OBJECTIVE, value: lineScore(index), display_name: text, number_format: BLANK_NUMBERS },
  };
}

export function sidebarLineRemove(index: number): Packet {
  return { name: 'reset_score', params: { entity_name: sidebarEntry(index), objective_name: SIDEBAR_OBJECTIVE } };
}

/** The team that carries a player's nametag. Team names sort the tab list, so the name follows the player's. */
export function nametagTeam(playerName: string): string {
  return `core.nametag.${playerName}`;
}

/** The team's friendly-fire flags as a vanilla team has them (friendly fire, see invisible teammates). */
const TEAM_FLAGS = 3;
/** The formatting code "reset": the name keeps its default colour. */
const NO_COLOR = 21;

export interface NametagPacketFields {
  prefix: NbtCompound;
  suffix: NbtCompound;
  color?: NameColor;
}

/** Creates the nametag team of a player with the player in it (mode 0), or changes it (mode 2). */
export function nametagSet(playerName: string, tag: NametagPacketFields, create: boolean): Packet {
  const colour = tag.color === undefined ? NO_COLOR : NAME_COLORS.indexOf(tag.color);
  return {
    name: 'teams',
    params: {
      team: nametagTeam(playerName),
      mode: create ? 0 : 2,
      name: textToNbt(playerName),
      friendlyFire: TEAM_FLAGS,
      nameTagVisibility: 'always',
      collisionRule: 'always',
      formatting: colour < 0 ? NO_COLOR : colour,
      prefix: tag.prefix,
      suffix: tag.suffix,
      ...(create ? { players: [playerName] } : {}),
    },
  };
}

/** Removes a player's nametag team: the name is drawn plainly again. */
export function nametagRemove(playerName: string): Packet {
  return { name: 'teams', params: { team: nametagTeam(playerName), mode: 1 } };
}

export function tabListText(header: NbtCompound, footer: NbtCompound): Packet {
  return { name: 'playerlist_header', params: { header, footer } };
}

/** The name shown for a player in the tab list; undefined shows the player's own name again. */
export function tabListName(uuid: string, name: NbtCompound | undefined): Packet {
  return { name: 'player_info', params: { action: { update_display_name: true }, data: [{ uuid, displayName: name }] } };
}

export function titleTimes(fadeIn: number, stay: number, fadeOut: number): Packet {
  return { name: 'set_title_time', params: { fadeIn, stay, fadeOut } };
}

export function titleText(text: NbtCompound): Packet {
  return { name: 'set_title_text', params: { text } };
}

/** The subtitle stays set on the client until replaced: every title sends one, empty when it has none. */
export function subtitleText(text: NbtCompound): Packet {
  return { name: 'set_title_subtitle', params: { text } };
}

/** Takes the title off the screen and forgets its subtitle and times. */
export function clearTitles(): Packet {
  return { name: 'clear_titles', params: { reset: true } };
}

export function entityDestroy(entityIds: number[]): Packet {
  return { name: 'entity_destroy', params: { entityIds } };
}
