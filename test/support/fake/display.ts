// The fake platform's screen and ears: what the code under test asked to draw (sidebars, nametags,
// tab list text and names, kept in the same DisplayBook the real adapter keeps), the titles,
// action bars and sounds it sent, and who sees whom (the same VisibilityTable the adapter uses).
// FakePlatform mixes these methods in; a test reads back what each player would see.

import { createRequire } from 'node:module';
import { DisplayBook } from '../../../src/platform/display-book.ts';
import {
  checkNametag,
  checkSidebar,
  hearingRange,
  soundKey,
  soundSettings,
  titleTicks,
  type DisplayPort,
  type Nametag,
  type Sidebar,
  type SoundCategory,
  type SoundOptions,
  type TabListText,
  type Title,
} from '../../../src/platform/display.ts';
import type { Location, OnlinePlayer, Text } from '../../../src/platform/platform.ts';
import { VisibilityTable } from '../../../src/platform/visibility-table.ts';
import type { VisibilityPort, VisibilityRule } from '../../../src/platform/visibility.ts';

const require = createRequire(import.meta.url);
let sounds: Record<string, unknown> | undefined;

/** What the fake display needs of the fake platform. */
export interface FakeGame {
  player(uuid: string): OnlinePlayer | undefined;
  location(uuid: string): Location | undefined;
  onlinePlayers(): OnlinePlayer[];
}

export interface FakeSound {
  sound: string;
  at: Location;
  volume: number;
  pitch: number;
  category: SoundCategory;
  /** The players it was played to. */
  heardBy: string[];
}

export class FakeDisplay implements DisplayPort, VisibilityPort {
  /** Every title shown, in order. */
  readonly titles: Array<{ uuid: string; title: Title }> = [];
  /** Every action bar line shown, in order. */
  readonly actionBars: Array<{ uuid: string; text: Text }> = [];
  /** Every sound played, in order. */
  readonly sounds: FakeSound[] = [];
  /** Chat lines as each player's screen shows them ("<name> message"), by uuid. */
  readonly chatSeen = new Map<string, string[]>();
  /** Errors thrown by visibility rules. */
  readonly ruleErrors: unknown[] = [];

  private readonly book = new DisplayBook();
  private readonly visibility = new VisibilityTable(
    () => {},
    (e) => this.ruleErrors.push(e),
  );
  private readonly cleared = new Map<string, number>();
  private readonly game: FakeGame;

  constructor(game: FakeGame) {
    this.game = game;
  }

  // ---- hooks FakePlatform calls --------------------------------------------------------------

  joined(player: OnlinePlayer): void {
    this.visibility.joined(player);
  }

  left(uuid: string): void {
    this.visibility.left(uuid);
    this.book.left(uuid);
  }

  /** A chat line reaches the screens of everyone who can see its sender. */
  chatted(sender: OnlinePlayer, message: string): void {
    for (const viewer of this.game.onlinePlayers()) {
      if (!this.visibility.canSee(viewer.uuid, sender.uuid)) continue;
      const seen = this.chatSeen.get(viewer.uuid) ?? [];
      seen.push(`<${sender.name}> ${message}`);
      this.chatSeen.set(viewer.uuid, seen);
    }
  }

  // ---- test controls -------------------------------------------------------------------------

  /** The title on a player's screen: the last one shown, unless cleared since. */
  titleOn(uuid: string): Title | undefined {
    const index = this.titles.findLastIndex((t) => t.uuid === uuid);
    if (index < 0 || (this.cleared.get(uuid) ?? -1) >= index) return undefined;
    return this.titles[index]!.title;
  }

  /** The last action bar line a player was shown. */
  actionBarOf(uuid: string): Text | undefined {
    return this.actionBars.findLast((a) => a.uuid === uuid)?.text;
  }

  /** The names of the sounds a player heard, in order. */
  soundsHeardBy(uuid: string): string[] {
    return this.sounds.filter((s) => s.heardBy.includes(uuid)).map((s) => s.sound);
  }

  /** The other online players in a player's tab list and world (those they can see). */
  playersSeenBy(uuid: string): OnlinePlayer[] {
    return this.game.onlinePlayers().filter((p) => p.uuid !== uuid && this.visibility.canSee(uuid, p.uuid));
  }

  // ---- DisplayPort ---------------------------------------------------------------------------

  setSidebar(viewer: string, sidebar: Sidebar): boolean {
    checkSidebar(sidebar);
    if (!this.online(viewer)) return false;
    this.book.setSidebar(viewer, sidebar);
    return true;
  }
  removeSidebar(viewer: string): boolean {
    if (!this.online(viewer)) return false;
    this.book.removeSidebar(viewer);
    return true;
  }
  sidebar(viewer: string): Sidebar | undefined {
    return this.book.sidebar(viewer);
  }

  setNametag(target: string, nametag: Nametag | undefined, viewer?: string): boolean {
    checkNametag(nametag);
    if (!this.online(target) || (viewer !== undefined && !this.online(viewer))) return false;
    this.book.setNametag(target, nametag, viewer);
    return true;
  }
  nametag(target: string, viewer?: string): Nametag | undefined {
    return this.book.nametag(target, viewer);
  }

  setTabListText(text: TabListText | undefined, viewer?: string): boolean {
    if (viewer !== undefined && !this.online(viewer)) return false;
    this.book.setTabListText(text, viewer);
    return true;
  }
  tabListText(viewer?: string): TabListText | undefined {
    return this.book.tabListText(viewer);
  }
  setTabName(target: string, name: Text | undefined): boolean {
    if (!this.online(target)) return false;
    this.book.setTabName(target, name);
    return true;
  }
  tabName(target: string): Text | undefined {
    return this.book.tabName(target);
  }

  showTitle(viewer: string, title: Title): boolean {
    titleTicks(title);
    if (!this.online(viewer)) return false;
    this.titles.push({ uuid: viewer, title: { ...title } });
    return true;
  }
  clearTitle(viewer: string): boolean {
    if (!this.online(viewer)) return false;
    this.cleared.set(viewer, this.titles.length - 1);
    return true;
  }
  showActionBar(viewer: string, text: Text): boolean {
    if (!this.online(viewer)) return false;
    this.actionBars.push({ uuid: viewer, text });
    return true;
  }

  isSound(sound: string): boolean {
    sounds ??= (require('minecraft-data') as (v: string) => { soundsByName: Record<string, unknown> })('1.21.4').soundsByName;
    return soundKey(sound) in sounds;
  }
  playSound(sound: string, at: Location, options?: SoundOptions): number {
    const settings = soundSettings(sound, this.isSound(sound), options);
    const range = hearingRange(settings.volume);
    const heardBy = this.game.onlinePlayers().filter((p) => {
      const l = this.game.location(p.uuid);
      return l?.world === at.world && Math.hypot(l.x - at.x, l.y - at.y, l.z - at.z) <= range;
    });
    this.sounds.push({ sound: soundKey(sound), at: { ...at }, ...settings, heardBy: heardBy.map((p) => p.uuid) });
    return heardBy.length;
  }
  playSoundTo(viewer: string, sound: string, options: SoundOptions & { at?: Location } = {}): boolean {
    const settings = soundSettings(sound, this.isSound(sound), options);
    const at = options.at ?? this.game.location(viewer);
    if (!at) return false;
    this.sounds.push({ sound: soundKey(sound), at: { ...at }, ...settings, heardBy: [viewer] });
    return true;
  }

  // ---- VisibilityPort ------------------------------------------------------------------------

  hidePlayer(viewer: string, target: string): void {
    this.visibility.hide(viewer, target);
  }
  showPlayer(viewer: string, target: string): void {
    this.visibility.show(viewer, target);
  }
  addVisibilityRule(rule: VisibilityRule): () => void {
    return this.visibility.addRule(rule);
  }
  refreshVisibility(): void {
    this.visibility.refresh();
  }
  canSee(viewer: string, target: string): boolean {
    return this.visibility.canSee(viewer, target);
  }

  private online(uuid: string): boolean {
    return this.game.player(uuid) !== undefined;
  }
}

/** The ports' methods, which FakePlatform takes over from FakeDisplay (the type makes the list complete). */
const PORT_METHODS: Record<keyof DisplayPort | keyof VisibilityPort, true> = {
  setSidebar: true,
  removeSidebar: true,
  sidebar: true,
  setNametag: true,
  nametag: true,
  setTabListText: true,
  tabListText: true,
  setTabName: true,
  tabName: true,
  showTitle: true,
  clearTitle: true,
  showActionBar: true,
  isSound: true,
  playSound: true,
  playSoundTo: true,
  hidePlayer: true,
  showPlayer: true,
  addVisibilityRule: true,
  refreshVisibility: true,
  canSee: true,
};

/** Gives `host` the ports' methods of `display`, bound to it. */
export function lendPortMethods(host: DisplayPort & VisibilityPort, display: FakeDisplay): void {
  for (const name of Object.keys(PORT_METHODS) as Array<keyof typeof PORT_METHODS>) {
    Object.defineProperty(host, name, { value: (display[name] as (...a: unknown[]) => unknown).bind(display), configurable: true });
  }
}
