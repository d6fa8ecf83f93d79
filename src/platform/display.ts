// What the platform draws on a player's screen besides chat: the sidebar, nametags (teams), the tab
// list's header, footer and names, titles, the action bar, and sounds. Part of GamePlatform.
//
// Everything here lasts while the players concerned are online: a module that wants a sidebar or a
// nametag to come back sets it again on `join`. The tab list header and footer set for everyone are
// the exception: they are shown to players who join later too.
//
// Bad input (too many sidebar lines, a negative time, an unknown sound or colour) throws an Error
// naming what is wrong; nothing is sent then. A call about a player who is offline answers false.

import type { Location, Text } from './platform.ts';

/** The most lines a sidebar shows (the game's own limit). */
export const SIDEBAR_MAX_LINES = 15;

/** A sidebar: a title above up to 15 lines, top to bottom. No score numbers are shown. */
export interface Sidebar {
  title: Text;
  lines: readonly Text[];
}

/** The colours a name can take (the game's sixteen chat colours). */
export const NAME_COLORS = [
  'black',
  'dark_blue',
  'dark_green',
  'dark_aqua',
  'dark_red',
  'dark_purple',
  'gold',
  'gray',
  'dark_gray',
  'blue',
  'green',
  'aqua',
  'red',
  'light_purple',
  'yellow',
  'white',
] as const;
export type NameColor = (typeof NAME_COLORS)[number];

/**
 * How a player's name is drawn above their head and in the tab list (as the game draws a team's
 * members): text before and after the name, and the name's colour.
 */
export interface Nametag {
  prefix?: Text;
  suffix?: Text;
  color?: NameColor;
}

/** The text above and below the tab list. */
export interface TabListText {
  header: Text;
  footer: Text;
}

/** A title in the middle of the screen. Times are game ticks (20 a second). */
export interface Title {
  title: Text;
  subtitle?: Text;
  /** Default 10 ticks (half a second), as the game's. */
  fadeInTicks?: number;
  /** Default 70 ticks. */
  stayTicks?: number;
  /** Default 20 ticks. */
  fadeOutTicks?: number;
}

/** The sound categories a player's volume sliders control. */
export const SOUND_CATEGORIES = ['master', 'music', 'record', 'weather', 'block', 'hostile', 'neutral', 'player', 'ambient', 'voice'] as const;
export type SoundCategory = (typeof SOUND_CATEGORIES)[number];

export interface SoundOptions {
  /** 1 is full volume; above 1 the sound carries further (16 blocks per unit). Default 1. */
  volume?: number;
  /** 0.5 to 2; 1 is the sound's own pitch. Default 1. */
  pitch?: number;
  /** Default 'master'. */
  category?: SoundCategory;
}

export interface DisplayPort {
  /**
   * Shows a sidebar to a player, or changes the one shown: only the lines that changed are sent,
   * so the sidebar does not flicker.
   */
  setSidebar(viewer: string, sidebar: Sidebar): boolean;
  /** Takes the sidebar away (true also when none was shown, for an online player). */
  removeSidebar(viewer: string): boolean;
  /** The sidebar the platform shows a player, if any. */
  sidebar(viewer: string): Sidebar | undefined;

  /**
   * Sets how `target`'s name is drawn (undefined: plainly again): for everyone, or, with
   * `viewer`, only as that player sees it (undefined then falls back to the one for everyone).
   */
  setNametag(target: string, nametag: Nametag | undefined, viewer?: string): boolean;
  /** The nametag `viewer` sees on `target` (without `viewer`: the one for everyone). */
  nametag(target: string, viewer?: string): Nametag | undefined;

  /**
   * Sets the tab list's header and footer: for everyone (players who join later included), or,
   * with `viewer`, for that player only. Undefined removes it (a player's own falls back to
   * everyone's). False only when `viewer` is offline.
   */
  setTabListText(text: TabListText | undefined, viewer?: string): boolean;
  /** The header and footer `viewer` sees (without `viewer`: everyone's). */
  tabListText(viewer?: string): TabListText | undefined;
  /** The name shown for a player in everyone's tab list (undefined: the player's own name). */
  setTabName(target: string, name: Text | undefined): boolean;
  tabName(target: string): Text | undefined;

  /** Shows a title (and subtitle) to a player. */
  showTitle(viewer: string, title: Title): boolean;
  /** Takes a title off the screen at once. */
  clearTitle(viewer: string): boolean;
  /** Shows a line above the hotbar for a few seconds. */
  showActionBar(viewer: string, text: Text): boolean;

  /** Whether `sound` names one of the game's sound events (e.g. "entity.experience_orb.pickup"). */
  isSound(sound: string): boolean;
  /**
   * Plays a sound at a location for the players in that world near enough to hear it (16 blocks,
   * or 16 × volume when louder). Answers how many players it was played to.
   */
  playSound(sound: string, at: Location, options?: SoundOptions): number;
  /** Plays a sound to one player only, where they stand (or at `at`). */
  playSoundTo(viewer: string, sound: string, options?: SoundOptions & { at?: Location }): boolean;
}

// ---- checks both platforms make, so that they refuse the same input -------------------------

/** Throws when a sidebar cannot be shown. */
export function checkSidebar(sidebar: Sidebar): void {
  if (!Array.isArray(sidebar.lines)) throw new Error('sidebar lines must be a list');
  if (sidebar.lines.length > SIDEBAR_MAX_LINES) {
    throw new Error(`a sidebar shows at most ${SIDEBAR_MAX_LINES} lines, got ${sidebar.lines.length}`);
  }
}

/** Throws on a colour the game does not have. */
export function checkNametag(nametag: Nametag | undefined): void {
  if (nametag?.color !== undefined && !NAME_COLORS.includes(nametag.color)) {
    throw new Error(`unknown name colour "${String(nametag.color)}" (one of ${NAME_COLORS.join(', ')})`);
  }
}

/** The three title times in ticks, defaults applied; throws on a negative or fractional one. */
export function titleTicks(title: Title): { fadeIn: number; stay: number; fadeOut: number } {
  const ticks = { fadeIn: title.fadeInTicks ?? 10, stay: title.stayTicks ?? 70, fadeOut: title.fadeOutTicks ?? 20 };
  for (const [name, value] of Object.entries(ticks)) {
    if (!Number.isInteger(value) || value < 0 || value > 2 ** 31 - 1) {
      throw new Error(`title ${name}Ticks must be a whole number of ticks from 0, got ${value}`);
    }
  }
  return ticks;
}

/** A sound's name as the game's registry has it (without the "minecraft:" namespace). */
export function soundKey(sound: string): string {
  return sound.trim().replace(/^minecraft:/, '');
}

/** The options with defaults applied; throws on an unknown category or a volume or pitch out of range. */
export function soundSettings(sound: string, known: boolean, o: SoundOptions = {}): Required<SoundOptions> {
  if (!known) throw new Error(`unknown sound "${sound}" (a sound event of the game, e.g. "entity.experience_orb.pickup")`);
  const settings = { volume: o.volume ?? 1, pitch: o.pitch ?? 1, category: o.category ?? 'master' };
  if (!SOUND_CATEGORIES.includes(settings.category)) {
    throw new Error(`unknown sound category "${String(settings.category)}" (one of ${SOUND_CATEGORIES.join(', ')})`);
  }
  if (!Number.isFinite(settings.volume) || settings.volume < 0) throw new Error(`sound volume must be 0 or more, got ${settings.volume}`);
  if (!Number.isFinite(settings.pitch) || settings.pitch < 0.5 || settings.pitch > 2) {
    throw new Error(`sound pitch must be from 0.5 to 2, got ${settings.pitch}`);
  }
  return settings;
}

/** How far a sound played at a location is heard, in blocks (as the game decides whom to send it to). */
export function hearingRange(volume: number): number {
  return 16 * Math.max(1, volume);
}
