// The security factors' published API: enrolment of a TOTP factor (setup, confirm, disable), the
// verification a player owes after joining from an untrusted device, wrong codes counted into a
// lockout, trusted devices (a player's join address) remembered for trusted-days. All state lives in
// memory (loaded at start, written through to the database): the login gate and the checks that
// hold a player answer synchronously. No secret or code is ever logged, audited or answered.

import type { Actor } from '../../core/kernel/actor.ts';
import type { AuditService, KnownPlayer, PlayersService } from '../../core/kernel/api.ts';
import type { Clock } from '../../core/kernel/clock.ts';
import type { EventBus } from '../../core/kernel/events.ts';
import { knownPlayer, playerFields } from '../../core/players/known-player.ts';
import { fail, ok, type Result } from '../../core/kernel/result.ts';
import type { GamePlatform, OnlinePlayer } from '../../platform/platform.ts';
import type { SecurityConfig } from './security.config.ts';
import type { Forced, Security, Unlocked } from './security.schemas.ts';
import type { FactorRow, SecurityState, SecurityStore } from './security.store.ts';
import { base32Decode, base32Encode, matchStep, newSecret, otpauthUri } from './security.totp.ts';

export interface SecurityService {
  /** The factors on file (no material), trusted device count and lockout state of a player. */
  status(uuid: string): Promise<Result<Security>>;
  /** Ends a lockout early and clears the failure count; unlocked: false when none was running. */
  unlock(uuid: string, actor: Actor): Promise<Result<Unlocked>>;
  /** Forgets every trusted device: the next join proves the factor again. */
  force(uuid: string, actor: Actor): Promise<Result<Forced>>;
  /** /2fa setup: a new, unconfirmed secret (shown once); already-exists when a factor is on file. */
  setup(player: OnlinePlayer, actor: Actor): Promise<Result<{ secret: string; uri: string }>>;
  /** /2fa confirm: a right code makes the pending secret the player's factor and trusts this device. */
  confirm(player: OnlinePlayer, code: string, actor: Actor): Promise<Result<void>>;
  /** /2fa disable: a right code removes the factor and forgets trusted devices. */
  disable(player: OnlinePlayer, code: string, actor: Actor): Promise<Result<void>>;
  /** /2fa reset <player> (admin): removes a player's factor, trusted devices and lockout; not-found when none is on file. */
  reset(uuid: string, actor: Actor): Promise<Result<void>>;
  /** /2fa <code>: the verification a held player owes. */
  verify(player: OnlinePlayer, code: string, actor: Actor): Promise<Result<{ trustedUntil: string | null; attemptsLeft?: number }>>;
  /** Whether an online player is held until they prove their factor. */
  held(uuid: string): boolean;
  /** When a running lockout ends; undefined when the player is not locked out. */
  lockedUntil(uuid: string): Date | undefined;
  /** A player joined: held when they have a factor and this address is not trusted. */
  joined(player: OnlinePlayer): boolean;
  left(uuid: string): void;
}

export interface SecurityDeps {
  store: SecurityStore;
  state: SecurityState;
  events: EventBus;
  clock: Clock;
  players: PlayersService;
  audit: Pick<AuditService, 'record'>;
  platform: GamePlatform;
  config: () => SecurityConfig;
}

const DAY_MS = 86_400_000;

export function lockoutText(until: Date, now: Date): string {
  const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
  return `Too many wrong two-factor codes. You are locked out for ${minutes} more minute${minutes === 1 ? '' : 's'} (until ${until.toISOString().slice(11, 16)} UTC).`;
}

export function createSecurityService(deps: SecurityDeps): SecurityService {
  const { store, state, events, clock, players, audit, platform, config } = deps;
  const held = new Map<string, OnlinePlayer>();
  const now = () => clock.now();

  const confirmedFactor = (uuid: string): FactorRow | undefined => {
    const f = state.factors.get(uuid);
    return f?.confirmed ? f : undefined;
  };

  function lockedUntil(uuid: string): Date | undefined {
    const l = state.lockouts.get(uuid);
    if (!l?.lockedUntil) return undefined;
    const until = new Date(l.lockedUntil);
    return until.getTime() > now().getTime() ? until : undefined;
  }

  function failures(uuid: string): number {
    const l = state.lockouts.get(uuid);
    if (!l) return 0;
    // A lockout that has run out leaves a fresh count.
    if (l.lockedUntil && !lockedUntil(uuid)) return 0;
    return l.failures;
  }

  function trustedDevices(uuid: string): Map<string, string> {
    const all = state.devices.get(uuid) ?? new Map<string, string>();
    const t = now().getTime();
    for (const [address, until] of all) if (new Date(until).getTime() <= t) all.delete(address);
    return all;
  }

  function render(uuid: string): Security {
    const f = confirmedFactor(uuid);
    const until = lockedUntil(uuid);
    return {
      factors: f ? [{ type: 'totp', 'enrolled-at': f.createdAt }] : [],
      'trusted-devices': trustedDevices(uuid).size,
      'awaiting-verification': held.has(uuid),
      lockout: { 'locked-out': until !== undefined, until: until?.toISOString() ?? null, 'failed-attempts': failures(uuid) },
    };
  }

  /** The step of a right code not used before, or undefined (a wrong or replayed code). */
  function rightCode(f: FactorRow, code: string): number | undefined {
    const secret = base32Decode(f.secret);
    if (!secret) return undefined;
    const step = matchStep(secret, code.trim(), now().getTime());
    if (step === undefined || (f.lastStep !== null && step <= f.lastStep)) return undefined;
    return step;
  }

  async function useStep(uuid: string, f: FactorRow, step: number): Promise<void> {
    f.lastStep = step;
    await store.putFactor(uuid, f);
  }

  async function trust(player: OnlinePlayer): Promise<string | null> {
    const days = config().trustedDays;
    if (days === 0) return null;
    const until = new Date(now().getTime() + days * DAY_MS).toISOString();
    if (!state.devices.has(player.uuid)) state.devices.set(player.uuid, new Map());
    state.devices.get(player.uuid)!.set(player.address, until);
    await store.trust(player.uuid, player.address, until);
    return until;
  }

  async function known(uuid: string): Promise<Result<KnownPlayer>> {
    return knownPlayer(players, uuid);
  }

  const WRONG = 'That code is not right (or was used already). Use the current 6-digit code of your authenticator app.';

  async function wrongCode(player: OnlinePlayer): Promise<number> {
    const count = failures(player.uuid) + 1;
    const { attempts, lockoutSeconds } = config();
    const left = Math.max(0, attempts - count);
    const until = left === 0 ? new Date(now().getTime() + lockoutSeconds * 1000) : undefined;
    const row = { failures: count, lockedUntil: until?.toISOString() ?? null };
    state.lockouts.set(player.uuid, row);
    await store.putLockout(player.uuid, row);
    events.emit('security.verification-fail', { ...playerFields(player), 'failed-attempts': count, 'attempts-left': left });
    if (until) {
      await audit.record({ actor: { kind: 'player', uuid: player.uuid, name: player.name }, action: 'security.lockout', target: player.uuid, details: { until: row.lockedUntil, failures: count } });
      events.emit('security.lockout', { ...playerFields(player), until: until.toISOString(), 'failed-attempts': count });
      platform.kick(player.uuid, { text: lockoutText(until, now()), color: 'red' });
    }
    return left;
  }

  return {
    held: (uuid) => held.has(uuid),
    lockedUntil,

    joined(player) {
      held.delete(player.uuid);
      if (!confirmedFactor(player.uuid)) return false;
      if (trustedDevices(player.uuid).has(player.address)) return false;
      held.set(player.uuid, player);
      return true;
    },

    left: (uuid) => void held.delete(uuid),

    async status(uuid) {
      const who = await known(uuid);
      return who.ok ? ok(render(who.value.uuid)) : who;
    },

    async unlock(uuid, actor) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const wasLocked = lockedUntil(p.uuid) !== undefined;
      if (state.lockouts.has(p.uuid)) {
        state.lockouts.delete(p.uuid);
        await store.putLockout(p.uuid, undefined);
      }
      await audit.record({ actor, action: 'security.unlock', target: p.uuid, details: { unlocked: wasLocked } });
      return ok({ unlocked: wasLocked, security: render(p.uuid) });
    },

    async force(uuid, actor) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      const forgotten = trustedDevices(p.uuid).size;
      state.devices.delete(p.uuid);
      await store.forgetDevices(p.uuid);
      await audit.record({ actor, action: 'security.force', target: p.uuid, details: { forgotten } });
      return ok({ forgotten, security: render(p.uuid) });
    },

    async setup(player, actor) {
      if (confirmedFactor(player.uuid)) return fail('already-exists', 'You already have two-factor authentication. Turn it off first with /2fa disable <code>.');
      const secret = base32Encode(newSecret());
      const f: FactorRow = { secret, confirmed: false, createdAt: now().toISOString(), lastStep: null };
      state.factors.set(player.uuid, f);
      await store.putFactor(player.uuid, f);
      await audit.record({ actor, action: 'security.setup', target: player.uuid, details: {} });
      return ok({ secret, uri: otpauthUri(config().issuer, player.name, secret) });
    },

    async confirm(player, code, actor) {
      const f = state.factors.get(player.uuid);
      if (f?.confirmed) return fail('already-in-state', 'Two-factor authentication is already on for you.');
      if (!f) return fail('not-found', 'Nothing to confirm: start with /2fa setup.');
      const step = rightCode(f, code);
      if (step === undefined) return fail('refused', WRONG);
      f.confirmed = true;
      f.createdAt = now().toISOString();
      await useStep(player.uuid, f, step);
      await trust(player);
      await audit.record({ actor, action: 'security.enrol', target: player.uuid, details: { type: 'totp' } });
      return ok(undefined);
    },

    async disable(player, code, actor) {
      const f = confirmedFactor(player.uuid);
      if (!f) return fail('not-found', 'You do not have two-factor authentication on.');
      if (held.has(player.uuid)) return fail('refused', 'Prove your factor first with /2fa <code>.');
      const step = rightCode(f, code);
      if (step === undefined) return fail('refused', WRONG);
      state.factors.delete(player.uuid);
      state.devices.delete(player.uuid);
      state.lockouts.delete(player.uuid);
      await store.removeFactor(player.uuid);
      await store.forgetDevices(player.uuid);
      await store.putLockout(player.uuid, undefined);
      await audit.record({ actor, action: 'security.disable', target: player.uuid, details: { type: 'totp' } });
      return ok(undefined);
    },

    async reset(uuid, actor) {
      const who = await known(uuid);
      if (!who.ok) return who;
      const p = who.value;
      if (!state.factors.has(p.uuid)) return fail('not-found', `${p.name} has no two-factor authentication.`);
      state.factors.delete(p.uuid);
      state.devices.delete(p.uuid);
      state.lockouts.delete(p.uuid);
      held.delete(p.uuid);
      await store.removeFactor(p.uuid);
      await store.forgetDevices(p.uuid);
      await store.putLockout(p.uuid, undefined);
      await audit.record({ actor, action: 'security.reset', target: p.uuid, details: {} });
      return ok(undefined);
    },

    async verify(player, code, actor) {
      const f = confirmedFactor(player.uuid);
      if (!f || !held.has(player.uuid)) return fail('already-in-state', 'You have nothing to prove: you may play.');
      const until = lockedUntil(player.uuid);
      if (until) return fail('refused', lockoutText(until, now()));
      const step = rightCode(f, code);
      if (step === undefined) {
        const left = await wrongCode(player);
        return fail('refused', left > 0 ? `${WRONG} ${left} attempt${left === 1 ? '' : 's'} left.` : 'Too many wrong codes: you are locked out.');
      }
      await useStep(player.uuid, f, step);
      if (state.lockouts.has(player.uuid)) {
        state.lockouts.delete(player.uuid);
        await store.putLockout(player.uuid, undefined);
      }
      const trustedUntil = await trust(player);
      held.delete(player.uuid);
      await audit.record({ actor, action: 'security.verify', target: player.uuid, details: { 'trusted-until': trustedUntil } });
      events.emit('security.verification-pass', { ...playerFields(player), 'trusted-until': trustedUntil });
      return ok({ trustedUntil });
    },
  };
}
