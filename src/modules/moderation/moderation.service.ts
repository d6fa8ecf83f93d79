// The sanctions' published API: bans, mutes, warnings, kicks, address bans and alt detection.
// Jails are the other half of the module (jail.*); the sanctions read asks it through `jailOf`.
// Answers are already in the rendering of the Remote Access Service.

import type { AuditService, KnownPlayer, PlayersService } from '../../core/api.ts';
import type { Clock } from '../../core/clock.ts';
import type { Db } from '../../core/db.ts';
import type { EventBus } from '../../core/events.ts';
import { knownPlayer } from '../../core/known-player.ts';
import { ok, type Result } from '../../core/result.ts';
import type { GamePlatform } from '../../platform/platform.ts';
import type { Ban, Jailing, Mute, Sanctions, Warning } from './moderation.schemas.ts';
import { createModerationStore, type SanctionKind, type SanctionRow, type WarningRow } from './moderation.store.ts';

export interface ModerationService {
  /** What is in force against a player: ban, mute, jail and warnings, each null when none. */
  sanctions(uuid: string): Promise<Result<Sanctions>>;
}

export interface ModerationDeps {
  db: Db;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  audit: AuditService;
  platform: GamePlatform;
  /** The jail sentence in force against a player (the jail half of the module), or null. */
  jailOf(uuid: string): Promise<Jailing | null>;
}

export const renderSanction = (s: SanctionRow): Ban | Mute => ({
  reason: s.reason,
  actor: s.actor,
  'issued-at': s.issuedAt,
  'duration-seconds': s.durationSeconds,
  'expires-at': s.expiresAt,
});

const renderWarning = (w: WarningRow): Warning => ({ id: w.id, reason: w.reason, actor: w.actor, 'issued-at': w.issuedAt });

export async function createModerationService(deps: ModerationDeps): Promise<ModerationService> {
  const { db, clock, players, jailOf } = deps;
  const store = createModerationStore(db);
  // The login gate and the chat filter are synchronous: what is in force is kept in memory too.
  const inForce: Record<SanctionKind, Map<string, SanctionRow>> = { ban: await store.allSanctions('ban'), mute: await store.allSanctions('mute') };

  const known = (uuid: string): Promise<Result<KnownPlayer>> => knownPlayer(players, uuid);
  const live = (s: SanctionRow | undefined): SanctionRow | undefined =>
    s && (s.expiresAt === null || Date.parse(s.expiresAt) > clock.now().getTime()) ? s : undefined;

  return {
    async sanctions(uuid) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const ban = live(inForce.ban.get(p.uuid));
      const mute = live(inForce.mute.get(p.uuid));
      const warnings = (await store.warnings(db, p.uuid)).map(renderWarning);
      return ok({
        ban: ban ? renderSanction(ban) : null,
        mute: mute ? renderSanction(mute) : null,
        jail: await jailOf(p.uuid),
        warnings: warnings.length > 0 ? warnings : null,
      });
    },
  };
}
