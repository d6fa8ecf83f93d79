// What the platform draws besides chat, on flying-squid (the DisplayPort): raw 1.21.4 packets
// (packets-display.ts) from the record every platform keeps (DisplayBook). A sidebar is changed
// line by line, never taken down and rebuilt, so it does not flicker; a nametag is a team of one
// player, made per viewer so that one viewer can be shown a nametag of their own.

import { DisplayBook } from '../display-book.ts';
import {
  checkNametag,
  checkSidebar,
  hearingRange,
  SOUND_CATEGORIES,
  soundKey,
  soundSettings,
  titleTicks,
  type DisplayPort,
  type Nametag,
  type Sidebar,
  type SoundOptions,
  type TabListText,
  type Title,
} from '../display.ts';
import type { Location, OnlinePlayer, Text } from '../platform.ts';
import type { AdapterContext } from './context.ts';
import * as D from './packets-display.ts';
import { soundEffect, systemChat, type Packet } from './packets.ts';
import { textToNbt } from './text.ts';

/** A joined player as the display needs them. */
export interface DisplayViewer {
  readonly online: OnlinePlayer;
  send(packet: Packet): void;
}

/** What the display needs of the adapter. */
export interface DisplayHost {
  /** A player who has joined, by uuid. */
  viewer(uuid: string): DisplayViewer | undefined;
  /** Every player who has joined. */
  viewers(): Iterable<DisplayViewer>;
  location(uuid: string): Location | undefined;
  /** The registry id of a sound event by its name (without namespace). */
  soundId(name: string): number | undefined;
}

/** A sidebar as last sent to a client, each text as its JSON (to compare). */
interface SentSidebar {
  title: string;
  lines: string[];
}

const key = (text: Text) => JSON.stringify(text);

export class FlyingSquidDisplay implements DisplayPort {
  private readonly host: DisplayHost;
  private readonly book = new DisplayBook();
  private readonly sentSidebars = new Map<string, SentSidebar>();
  /** viewer → the players whose nametag team the viewer's client holds. */
  private readonly teams = new Map<string, Set<string>>();

  constructor(host: DisplayHost) {
    this.host = host;
  }

  /** A player has joined (their tab list is there): shows them what everyone is shown. */
  joined(viewer: DisplayViewer): void {
    const text = this.book.tabListText(viewer.online.uuid);
    if (text) viewer.send(D.tabListText(textToNbt(text.header), textToNbt(text.footer)));
    for (const target of this.book.nametagTargets()) {
      const t = this.host.viewer(target);
      if (t) this.sendNametag(viewer, t.online);
    }
    for (const [target, name] of this.book.tabNamed()) viewer.send(D.tabListName(target, textToNbt(name)));
  }

  /** A player left: their nametag goes from every screen, and what they were shown is forgotten. */
  left(player: OnlinePlayer): void {
    for (const viewer of this.host.viewers()) {
      if (this.teams.get(viewer.online.uuid)?.delete(player.uuid)) viewer.send(D.nametagRemove(player.name));
    }
    this.teams.delete(player.uuid);
    this.sentSidebars.delete(player.uuid);
    this.book.left(player.uuid);
  }

  /** `target` has come back into `viewer`'s tab list (after being hidden): their tab name with them. */
  revealed(viewer: DisplayViewer, target: string): void {
    const name = this.book.tabName(target);
    if (name !== undefined) viewer.send(D.tabListName(target, textToNbt(name)));
  }

  // ---- sidebar -------------------------------------------------------------------------------

  setSidebar(viewer: string, sidebar: Sidebar): boolean {
    checkSidebar(sidebar);
    const v = this.host.viewer(viewer);
    if (!v) return false;
    this.book.setSidebar(viewer, sidebar);
    const before = this.sentSidebars.get(viewer);
    const after: SentSidebar = { title: key(sidebar.title), lines: sidebar.lines.map(key) };
    if (!before) {
      v.send(D.sidebarObjective(textToNbt(sidebar.title), true));
      v.send(D.sidebarShow());
    } else if (before.title !== after.title) {
      v.send(D.sidebarObjective(textToNbt(sidebar.title), false));
    }
    sidebar.lines.forEach((line, i) => {
      if (before?.lines[i] !== after.lines[i]) v.send(D.sidebarLine(i, textToNbt(line)));
    });
    for (let i = after.lines.length; i < (before?.lines.length ?? 0); i++) v.send(D.sidebarLineRemove(i));
    this.sentSidebars.set(viewer, after);
    return true;
  }

  removeSidebar(viewer: string): boolean {
    const v = this.host.viewer(viewer);
    if (!v) return false;
    this.book.removeSidebar(viewer);
    if (this.sentSidebars.delete(viewer)) v.send(D.sidebarRemove());
    return true;
  }

  sidebar(viewer: string): Sidebar | undefined {
    return this.book.sidebar(viewer);
  }

  // ---- nametags ------------------------------------------------------------------------------

  setNametag(target: string, nametag: Nametag | undefined, viewer?: string): boolean {
    checkNametag(nametag);
    const t = this.host.viewer(target);
    const v = viewer === undefined ? undefined : this.host.viewer(viewer);
    if (!t || (viewer !== undefined && !v)) return false;
    this.book.setNametag(target, nametag, viewer);
    for (const each of v ? [v] : this.host.viewers()) this.sendNametag(each, t.online);
    return true;
  }

  nametag(target: string, viewer?: string): Nametag | undefined {
    return this.book.nametag(target, viewer);
  }

  /** Sends `viewer` the nametag they see on `target` now: the team made, changed or removed. */
  private sendNametag(viewer: DisplayViewer, target: OnlinePlayer): void {
    const tag = this.book.nametag(target.uuid, viewer.online.uuid);
    let held = this.teams.get(viewer.online.uuid);
    const holds = held?.has(target.uuid) ?? false;
    if (tag) {
      viewer.send(D.nametagSet(target.name, { prefix: textToNbt(tag.prefix ?? ''), suffix: textToNbt(tag.suffix ?? ''), color: tag.color }, !holds));
      if (!held) this.teams.set(viewer.online.uuid, (held = new Set()));
      held.add(target.uuid);
    } else if (holds) {
      viewer.send(D.nametagRemove(target.name));
      held?.delete(target.uuid);
    }
  }

  // ---- tab list ------------------------------------------------------------------------------

  setTabListText(text: TabListText | undefined, viewer?: string): boolean {
    const v = viewer === undefined ? undefined : this.host.viewer(viewer);
    if (viewer !== undefined && !v) return false;
    this.book.setTabListText(text, viewer);
    for (const each of v ? [v] : this.host.viewers()) {
      if (!v && this.book.hasOwnTabListText(each.online.uuid)) continue;
      const shown = this.book.tabListText(each.online.uuid);
      each.send(D.tabListText(textToNbt(shown?.header ?? ''), textToNbt(shown?.footer ?? '')));
    }
    return true;
  }

  tabListText(viewer?: string): TabListText | undefined {
    return this.book.tabListText(viewer);
  }

  setTabName(target: string, name: Text | undefined): boolean {
    if (!this.host.viewer(target)) return false;
    this.book.setTabName(target, name);
    const packet = D.tabListName(target, name === undefined ? undefined : textToNbt(name));
    for (const each of this.host.viewers()) each.send(packet);
    return true;
  }

  tabName(target: string): Text | undefined {
    return this.book.tabName(target);
  }

  // ---- titles, action bar, sounds ------------------------------------------------------------

  showTitle(viewer: string, title: Title): boolean {
    const ticks = titleTicks(title);
    const v = this.host.viewer(viewer);
    if (!v) return false;
    v.send(D.titleTimes(ticks.fadeIn, ticks.stay, ticks.fadeOut));
    v.send(D.subtitleText(textToNbt(title.subtitle ?? '')));
    v.send(D.titleText(textToNbt(title.title)));
    return true;
  }

  clearTitle(viewer: string): boolean {
    const v = this.host.viewer(viewer);
    v?.send(D.clearTitles());
    return v !== undefined;
  }

  showActionBar(viewer: string, text: Text): boolean {
    const v = this.host.viewer(viewer);
    // System chat marked for the overlay, as Paper's sendActionBar sends it (mineflayer reports it as 'actionBar').
    v?.send(systemChat(textToNbt(text), true));
    return v !== undefined;
  }

  isSound(sound: string): boolean {
    return this.host.soundId(soundKey(sound)) !== undefined;
  }

  playSound(sound: string, at: Location, options?: SoundOptions): number {
    const packet = this.soundPacket(sound, at, options);
    const range = hearingRange(options?.volume ?? 1);
    let heard = 0;
    for (const each of this.host.viewers()) {
      const l = this.host.location(each.online.uuid);
      if (l?.world !== at.world || Math.hypot(l.x - at.x, l.y - at.y, l.z - at.z) > range) continue;
      each.send(packet);
      heard++;
    }
    return heard;
  }

  playSoundTo(viewer: string, sound: string, options: SoundOptions & { at?: Location } = {}): boolean {
    soundSettings(sound, this.isSound(sound), options);
    const at = options.at ?? this.host.location(viewer);
    const v = this.host.viewer(viewer);
    if (!v || !at) return false;
    v.send(this.soundPacket(sound, at, options));
    return true;
  }

  private soundPacket(sound: string, at: Location, options?: SoundOptions): Packet {
    const s = soundSettings(sound, this.isSound(sound), options);
    const id = this.host.soundId(soundKey(sound))!;
    return soundEffect(id, at, { category: SOUND_CATEGORIES.indexOf(s.category), volume: s.volume, pitch: s.pitch });
  }
}

/** The display on the adapter: its viewers are the joined players; sounds by flying-squid's registry. */
export function displayConcern(ctx: AdapterContext, worlds: { location(uuid: string): Location | undefined }): FlyingSquidDisplay {
  const display = new FlyingSquidDisplay({
    viewer: (uuid) => ctx.get(uuid),
    viewers: () => ctx.joined.values(),
    location: (uuid) => worlds.location(uuid),
    soundId: (name) => ctx.serv.registry.soundsByName[name]?.id,
  });
  ctx.onJoin((session) => display.joined(session));
  ctx.onLeave((session) => {
    if (session.joined && ctx.joined.get(session.online.uuid) === session) display.left(session.online);
  });
  return display;
}
