// The record of what each player is shown (sidebar, nametags, tab list text and names), kept the
// same way by every platform: the flying-squid adapter sends packets from it, the fake platform
// answers tests from it. It checks input (see display.ts) but knows nothing of who is online.

import { checkNametag, checkSidebar, type Nametag, type Sidebar, type TabListText } from './display.ts';
import type { Text } from './platform.ts';

export class DisplayBook {
  private readonly sidebars = new Map<string, Sidebar>();
  private readonly nametags = new Map<string, Nametag>();
  /** target → viewer → the nametag that viewer alone sees on target. */
  private readonly ownNametags = new Map<string, Map<string, Nametag>>();
  private everyoneText: TabListText | undefined;
  private readonly ownText = new Map<string, TabListText>();
  private readonly tabNames = new Map<string, Text>();

  /** Records a player's sidebar; answers the one it replaces. */
  setSidebar(viewer: string, sidebar: Sidebar): Sidebar | undefined {
    checkSidebar(sidebar);
    const before = this.sidebars.get(viewer);
    this.sidebars.set(viewer, { title: sidebar.title, lines: [...sidebar.lines] });
    return before;
  }

  /** Forgets a player's sidebar; answers the one removed. */
  removeSidebar(viewer: string): Sidebar | undefined {
    const before = this.sidebars.get(viewer);
    this.sidebars.delete(viewer);
    return before;
  }

  sidebar(viewer: string): Sidebar | undefined {
    const s = this.sidebars.get(viewer);
    return s && { title: s.title, lines: [...s.lines] };
  }

  setNametag(target: string, nametag: Nametag | undefined, viewer?: string): void {
    checkNametag(nametag);
    if (viewer === undefined) {
      if (nametag) this.nametags.set(target, { ...nametag });
      else this.nametags.delete(target);
      return;
    }
    let own = this.ownNametags.get(target);
    if (nametag) {
      if (!own) this.ownNametags.set(target, (own = new Map()));
      own.set(viewer, { ...nametag });
    } else if (own) {
      own.delete(viewer);
      if (own.size === 0) this.ownNametags.delete(target);
    }
  }

  /** The nametag `viewer` sees on `target`: their own, else everyone's (without `viewer`: everyone's). */
  nametag(target: string, viewer?: string): Nametag | undefined {
    const tag = (viewer !== undefined ? this.ownNametags.get(target)?.get(viewer) : undefined) ?? this.nametags.get(target);
    return tag && { ...tag };
  }

  /** Every player who wears a nametag for someone. */
  nametagTargets(): string[] {
    return [...new Set([...this.nametags.keys(), ...this.ownNametags.keys()])];
  }

  setTabListText(text: TabListText | undefined, viewer?: string): void {
    const copy = text && { header: text.header, footer: text.footer };
    if (viewer === undefined) this.everyoneText = copy;
    else if (copy) this.ownText.set(viewer, copy);
    else this.ownText.delete(viewer);
  }

  /** The header and footer `viewer` sees: their own, else everyone's (without `viewer`: everyone's). */
  tabListText(viewer?: string): TabListText | undefined {
    const text = (viewer !== undefined ? this.ownText.get(viewer) : undefined) ?? this.everyoneText;
    return text && { ...text };
  }

  /** Whether `viewer` has a header and footer of their own. */
  hasOwnTabListText(viewer: string): boolean {
    return this.ownText.has(viewer);
  }

  setTabName(target: string, name: Text | undefined): void {
    if (name === undefined) this.tabNames.delete(target);
    else this.tabNames.set(target, name);
  }

  tabName(target: string): Text | undefined {
    return this.tabNames.get(target);
  }

  tabNamed(): Array<[string, Text]> {
    return [...this.tabNames];
  }

  /** Forgets a player who left, as viewer and as target (everyone's header and footer stay). */
  left(uuid: string): void {
    this.sidebars.delete(uuid);
    this.nametags.delete(uuid);
    this.ownNametags.delete(uuid);
    for (const [target, own] of this.ownNametags) {
      own.delete(uuid);
      if (own.size === 0) this.ownNametags.delete(target);
    }
    this.ownText.delete(uuid);
    this.tabNames.delete(uuid);
  }
}
