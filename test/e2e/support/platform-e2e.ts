// What the flying-squid platform's own e2e tests (test/e2e/platform*.e2e.test.ts) share: a fresh
// world folder, every packet the server writes checked against the 1.21.4 protocol, mineflayer's
// Vec3 and the NBT reader.

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { copyTestWorld } from '../../support/test-world.ts';
import { packetProblems } from '../../../src/platform/flying-squid/packet-check.ts';

const require = createRequire(import.meta.url);
export const nbt = require('prismarine-nbt') as { simplify(t: unknown): unknown };

/** A world folder in a new temporary directory: a copy of the test world (test/support/test-world.ts). */
export async function tempWorld(): Promise<string> {
  const world = join(mkdtempSync(join(tmpdir(), 'core-platform-e2e-')), 'world');
  await copyTestWorld(world);
  return world;
}

/** A packet observer for startFlyingSquid, and the problems it found (chunks and keep-alives aside). */
export function packetChecker() {
  const problems = new Set<string>();
  const observe = (_player: string, name: string, params: Record<string, unknown>) => {
    if (name === 'map_chunk' || name === 'keep_alive') return;
    for (const p of packetProblems(name, params)) problems.add(p);
  };
  return { problems, observe };
}

/** A position as mineflayer's Vec3 (to measure a bot's distance to it). */
export function vec(p: { x: number; y: number; z: number }) {
  return new (mineflayerVec3())(p.x, p.y, p.z);
}

function mineflayerVec3(): new (x: number, y: number, z: number) => import('vec3').Vec3 {
  return (createRequire(require.resolve('mineflayer'))('vec3') as typeof import('vec3')).Vec3;
}
