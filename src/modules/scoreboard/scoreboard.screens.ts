// What the scoreboard draws on a player's screen, from scoreboard.conf: the sidebar, the tab list's
// header and footer, and the nametag the player wears (a team prefix, suffix and colour seen by
// everyone). Texts go through the placeholders (for the player concerned) and then the & markup.
// The tab list and nametags are sent only when they changed (or when a refresh asks); the platform
// itself sends only the sidebar lines that changed.

import type { PermissionsService } from '../../core/kernel/api.ts';
import { markup } from '../../core/text/markup.ts';
import type { Placeholders } from '../../core/text/placeholders.ts';
import type { Nametag } from '../../platform/display.ts';
import type { GamePlatform, OnlinePlayer, Text } from '../../platform/platform.ts';
import type { NametagFormat, ScoreboardConfig } from './scoreboard.config.ts';

export interface ScreensDeps {
  platform: GamePlatform;
  placeholders: Pick<Placeholders, 'apply'>;
  permissions: Pick<PermissionsService, 'groupsOf'>;
  config: () => ScoreboardConfig;
  /** Whether the player has hidden the sidebar, read after the texts are worked out. */
  sidebarHidden(uuid: string): boolean;
}

export interface Screens {
  sidebar(player: OnlinePlayer): Promise<void>;
  tabList(player: OnlinePlayer, force?: boolean): Promise<void>;
  /** Chooses the player's format by their groups now, and draws it. */
  nametag(player: OnlinePlayer, force?: boolean): Promise<void>;
  /** Forgets what was sent to a player who left. */
  left(uuid: string): void;
}

/** Lines as one text, a line break between each. */
function joinLines(lines: Text[]): Text {
  if (lines.length <= 1) return lines[0] ?? '';
  return { text: '', extra: lines.flatMap((l, i) => (i === 0 ? [l] : ['\n', l])) };
}

export function createScreens(deps: ScreensDeps): Screens {
  const { platform, placeholders, permissions, config } = deps;
  /** What each player was last sent, as JSON, so an unchanged text is not sent again. */
  const tabSent = new Map<string, string>();
  const tagSent = new Map<string, string>();

  const text = async (source: string, p: OnlinePlayer): Promise<Text> => markup(await placeholders.apply(source, p));
  const online = (p: OnlinePlayer) => platform.player(p.uuid) !== undefined;

  /** The format a player wears by their groups now: the first listed whose group they are in. */
  const formatOf = (uuid: string): NametagFormat | undefined => {
    const groups = permissions.groupsOf(uuid);
    return config().nametags.find((f) => groups.includes(f.group));
  };

  return {
    async sidebar(p) {
      const c = config().sidebar;
      if (!c.enabled || deps.sidebarHidden(p.uuid)) {
        platform.removeSidebar(p.uuid);
        return;
      }
      const [title, ...lines] = await Promise.all([text(c.title, p), ...c.lines.map((l) => text(l, p))]);
      // The player may have hidden it, or left, while the placeholders were worked out.
      if (!online(p)) return;
      if (deps.sidebarHidden(p.uuid) || !config().sidebar.enabled) platform.removeSidebar(p.uuid);
      else platform.setSidebar(p.uuid, { title: title!, lines });
    },

    async tabList(p, force = false) {
      const c = config().tablist;
      if (!c.enabled) {
        if (tabSent.delete(p.uuid)) platform.setTabListText(undefined, p.uuid);
        return;
      }
      const [header, footer] = await Promise.all([Promise.all(c.header.map((l) => text(l, p))), Promise.all(c.footer.map((l) => text(l, p)))]);
      const shown = { header: joinLines(header), footer: joinLines(footer) };
      const key = JSON.stringify(shown);
      if (!online(p) || (!force && tabSent.get(p.uuid) === key)) return;
      if (platform.setTabListText(shown, p.uuid)) tabSent.set(p.uuid, key);
    },

    async nametag(p, force = false) {
      const f = formatOf(p.uuid);
      let tag: Nametag | undefined;
      if (f) {
        const [prefix, suffix] = await Promise.all([text(f.prefix, p), text(f.suffix, p)]);
        tag = { prefix, suffix, ...(f.color ? { color: f.color } : {}) };
      }
      const key = JSON.stringify(tag ?? null);
      if (!online(p) || (!force && (tagSent.get(p.uuid) ?? 'null') === key)) return;
      if (platform.setNametag(p.uuid, tag)) tagSent.set(p.uuid, key);
    },

    left(uuid) {
      tabSent.delete(uuid);
      tagSent.delete(uuid);
    },
  };
}
