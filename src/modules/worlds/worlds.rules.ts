// The rules of managed worlds that need no database or game: who may enter, the settings a new
// world gets, and how a setting typed in a command is read.

import type { GameMode, Location } from '../../platform/platform.ts';
import { ENTRY_RULES, type DenialReason, type EntryRule, type SettingKey, type WorldSettings } from './worlds.schemas.ts';

/** Lets a player into any loaded world, whatever its entry rule. */
export const ENTRY_BYPASS_NODE = 'core.worlds.bypass-entry';
/** Lets a player break and place blocks in a world whose `build` is off. */
export const BUILD_BYPASS_NODE = 'core.worlds.bypass-build';
/** The node a world whose entry is `permission` asks for. */
export const enterNode = (world: string): string => `core.worlds.enter.${world}`;

/** A world taken under management starts open to everyone, with nothing changed on entry. */
export function defaultSettings(loadOnStart: boolean): WorldSettings {
  return { 'load-on-start': loadOnStart, entry: 'open', 'game-mode': null, pvp: true, build: true, spawn: null };
}

export interface Denial {
  reason: DenialReason;
  /** The sentence the player is told. */
  message: string;
}

/** Why a player may not enter a managed world, or undefined when they may. */
export function entryDenial(world: string, entry: EntryRule, loaded: boolean, has: (node: string) => boolean): Denial | undefined {
  if (!loaded) return { reason: 'not-loaded', message: `The world ${world} is not loaded.` };
  if (has(ENTRY_BYPASS_NODE)) return undefined;
  if (entry === 'closed') return { reason: 'closed', message: `The world ${world} is closed: nobody may enter it.` };
  if (entry === 'permission' && !has(enterNode(world))) {
    return { reason: 'no-permission', message: `You may not enter the world ${world} (it needs ${enterNode(world)}).` };
  }
  return undefined;
}

const GAME_MODE_WORDS: readonly string[] = ['survival', 'creative', 'adventure', 'spectator'];
const TRUE_WORDS = ['true', 'on', 'yes'];
const FALSE_WORDS = ['false', 'off', 'no'];

/** What each setting accepts in a command, for usage lines and errors. */
export const SETTING_WORDS: Record<SettingKey, readonly string[]> = {
  'load-on-start': ['true', 'false'],
  entry: ENTRY_RULES,
  'game-mode': [...GAME_MODE_WORDS, 'none'],
  pvp: ['true', 'false'],
  build: ['true', 'false'],
  spawn: ['here', 'default'],
};

export type SettingValue = WorldSettings[SettingKey];

/**
 * A setting's value as typed in a command, or the sentence saying what is wrong. `here` is where
 * the sender stands (spawn here), undefined at the console.
 */
export function parseSetting(world: string, key: SettingKey, word: string, here: Location | undefined): { value: SettingValue } | { problem: string } {
  const w = word.toLowerCase();
  const wrong = { problem: `"${word}" is not a value of ${key}: use ${SETTING_WORDS[key].join(', ')}.` };
  switch (key) {
    case 'load-on-start':
    case 'pvp':
    case 'build':
      if (TRUE_WORDS.includes(w)) return { value: true };
      if (FALSE_WORDS.includes(w)) return { value: false };
      return wrong;
    case 'entry':
      return (ENTRY_RULES as readonly string[]).includes(w) ? { value: w as EntryRule } : wrong;
    case 'game-mode':
      if (w === 'none') return { value: null };
      return GAME_MODE_WORDS.includes(w) ? { value: w as GameMode } : wrong;
    case 'spawn':
      if (w === 'default' || w === 'none') return { value: null };
      if (w !== 'here') return wrong;
      if (!here) return { problem: 'Only a player can set a spawn "here"; the console has no location.' };
      if (here.world !== world) return { problem: `You are in ${here.world}: stand in ${world} to set its spawn there.` };
      return { value: { ...here } };
  }
}

/** A setting's value for a person: `on`/`off`, a word, `none` or a place. */
export function settingText(value: SettingValue): string {
  if (value === null) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string') return value;
  const r = (n: number) => Math.round(n * 10) / 10;
  return `${r(value.x)}, ${r(value.y)}, ${r(value.z)}`;
}
