// The route table is made from the module definitions the add-on is given: the service's own rows,
// then each module's declared rows in the order of the list; a row a module declares for another
// module, or a method and path declared twice, stops the start.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { ok } from '../core/kernel/result.ts';
import { defineRoute } from '../core/kernel/routes.ts';
import { routeTable, SERVICE_ROUTES } from './routes.ts';

const row = (path: string, module: string | null) =>
  defineRoute({ method: 'GET', path, scope: 'read', module, answer: Type.Object({}), summary: 'A row.', call: () => ok({}) });

describe('routeTable', () => {
  it('serves the service’s own rows first, then each module’s declared rows in the order of the module list', () => {
    const table = routeTable([
      { name: 'beta', routes: [row('/beta/one', 'beta'), row('/beta/two', 'beta')] },
      { name: 'quiet' },
      { name: 'alpha', routes: [row('/alpha', 'alpha'), row('/alpha/installed', null)] },
    ]);
    assert.deepEqual(
      table.map((r) => r.name),
      [...SERVICE_ROUTES.map((r) => r.name), 'GET /beta/one', 'GET /beta/two', 'GET /alpha', 'GET /alpha/installed'],
    );
  });

  it('serves only the service’s own rows when no module is given', () => {
    assert.deepEqual(routeTable([]), SERVICE_ROUTES);
  });

  it('refuses a row a module declares for another module', () => {
    assert.throws(() => routeTable([{ name: 'alpha', routes: [row('/beta', 'beta')] }]), /GET \/beta: the module "alpha" declares a row of the module "beta"/);
  });

  it('refuses a method and path declared twice', () => {
    assert.throws(
      () => routeTable([{ name: 'alpha', routes: [row('/same', 'alpha')] }, { name: 'beta', routes: [row('/same', 'beta')] }]),
      /GET \/same: two rows of the route table have this method and path/,
    );
    assert.throws(() => routeTable([{ name: 'alpha', routes: [row('/status', 'alpha')] }]), /GET \/status: two rows/);
  });
});
