// The lookup of an account's skin at the game's account service (Mojang): the account id by name,
// then the profile with its signed `textures` property. Nothing here is stored; the service keeps
// what this answers.

import type { Skin } from '../../platform/entities.ts';
import type { SkinsConfig } from './skins.config.ts';

export type Lookup =
  | { kind: 'found'; account: string; accountId: string; skin: Skin }
  | { kind: 'no-account' }
  /** `reason` ends a sentence whose subject is the service: "could not be reached", "answered HTTP 500", … */
  | { kind: 'unreachable'; reason: string };

const dashed = (id: string) => id.replace(/^(.{8})(.{4})(.{4})(.{4})(.{12})$/, '$1-$2-$3-$4-$5').toLowerCase();

async function getJson(url: string, timeoutSeconds: number): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutSeconds * 1000), headers: { accept: 'application/json' } });
  const text = await res.text();
  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, body };
}

function why(e: unknown, timeoutSeconds: number): string {
  if (e instanceof Error && (e.name === 'TimeoutError' || e.name === 'AbortError')) return `did not answer within ${timeoutSeconds} s`;
  return 'could not be reached';
}

/** Looks an account up by name (already checked to be a valid account name). */
export async function lookUpSkin(name: string, config: SkinsConfig): Promise<Lookup> {
  try {
    const profile = await getJson(config.profileUrl.replace('{name}', encodeURIComponent(name)), config.timeoutSeconds);
    if (profile.status === 204 || profile.status === 404) return { kind: 'no-account' };
    const p = profile.body as { id?: unknown; name?: unknown } | undefined;
    if (profile.status !== 200 || typeof p?.id !== 'string' || !/^[0-9a-fA-F]{32}$/.test(p.id.replaceAll('-', ''))) {
      return { kind: 'unreachable', reason: `answered HTTP ${profile.status} instead of an account` };
    }
    const id = p.id.replaceAll('-', '').toLowerCase();
    const session = await getJson(config.sessionUrl.replace('{uuid}', id), config.timeoutSeconds);
    if (session.status === 204 || session.status === 404) return { kind: 'no-account' };
    const s = session.body as { name?: unknown; properties?: Array<{ name?: unknown; value?: unknown; signature?: unknown }> } | undefined;
    const textures = s?.properties?.find((x) => x.name === 'textures');
    if (session.status !== 200 || typeof textures?.value !== 'string') return { kind: 'unreachable', reason: `answered HTTP ${session.status} without a skin` };
    const skin: Skin = { value: textures.value, ...(typeof textures.signature === 'string' ? { signature: textures.signature } : {}) };
    const account = typeof s?.name === 'string' ? s.name : typeof p.name === 'string' ? p.name : name;
    return { kind: 'found', account, accountId: dashed(id), skin };
  } catch (e) {
    return { kind: 'unreachable', reason: why(e, config.timeoutSeconds) };
  }
}
