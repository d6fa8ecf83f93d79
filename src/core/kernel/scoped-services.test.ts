// A module's service as the modules that declare it reach it (`scoped` in its definition): what a
// module attaches through another module's service (a teleport gate) is taken off when it stops,
// like what it attaches through its own context, before the module it attached it to stops.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { CoreApi } from './api.ts';
import { defineModule } from './module.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';

type Gate = Parameters<CoreApi['teleport']['addGate']>[0];

function fixtures() {
  const names = new Map<Gate, string>();
  const gate = (name: string): Gate => {
    const g: Gate = () => undefined;
    names.set(g, name);
    return g;
  };
  const attached = new Set<Gate>();
  const gates = () => [...attached].map((g) => names.get(g)).join(', ') || 'none';
  const trail: string[] = [];
  // Named as a module of the build, so that ctx.api.teleport is typed; a service of its own.
  const gatekeeper = defineModule({
    name: 'teleport',
    dependsOn: [],
    migrations: [],
    createService: () => ({
      addGate(g: Gate): () => void {
        attached.add(g);
        return () => void attached.delete(g);
      },
    }),
    scoped: (service, track) => ({ ...service, addGate: (g: Gate) => track(service.addGate(g)) }),
    stop: () => void trail.push(`stop teleport, gates: ${gates()}`),
  });
  const jail = defineModule({
    name: 'jail',
    dependsOn: ['teleport'],
    migrations: [],
    createService: (ctx) => {
      ctx.api.teleport.addGate(gate('jailed'));
      // One the module takes off itself: the scope does not take it off twice.
      ctx.api.teleport.addGate(gate('released'))();
      return {};
    },
    stop: () => void trail.push(`stop jail, gates: ${gates()}`),
  });
  const walls = defineModule({
    name: 'walls',
    dependsOn: [],
    optionalDependsOn: ['teleport'],
    migrations: [],
    createService: (ctx) => {
      ctx.optional.teleport?.addGate(gate('walled'));
      return {};
    },
    stop: () => void trail.push(`stop walls, gates: ${gates()}`),
  });
  return { gate, gates, trail, gatekeeper, jail, walls };
}

describe('scoped: a service as the modules that declare it see it', () => {
  it('takes off what a module attached through another module’s service when it stops, before that module stops', async () => {
    const f = fixtures();
    const t = await startTestKernel({ modules: [f.gatekeeper, f.jail, f.walls] });
    try {
      assert.equal(f.gates(), 'jailed, walled');
      // The published API holds the service itself.
      t.kernel.api.teleport.addGate(f.gate('from the api'));
    } finally {
      await t.close();
    }
    assert.deepEqual(f.trail, [
      'stop walls, gates: jailed, walled, from the api',
      'stop jail, gates: jailed, from the api',
      'stop teleport, gates: from the api',
    ]);
  });
});
