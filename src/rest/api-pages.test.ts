// The order of an area's page (./api-pages.ts): the document's, except that an example that needs
// another comes right after it, so that the page's commands run in order on a default server.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { inPageOrder } from './api-pages.ts';

const NEEDS: Record<string, string> = {
  'GET /warps/:name': 'POST /warps/:name/create',
  'POST /warps/:name/move': 'GET /warps/:name',
};
const order = (names: string[], needs: Record<string, string> = NEEDS) =>
  inPageOrder(
    names,
    (n) => n,
    (n) => needs[n],
  );

describe('the order of an area page', () => {
  it('keeps the document order where no example needs another', () => {
    assert.deepEqual(order(['GET /warps', 'POST /warps/:name/delete']), ['GET /warps', 'POST /warps/:name/delete']);
  });

  it('puts an example right after the one it needs, and those that need it after it', () => {
    assert.deepEqual(order(['GET /warps', 'GET /warps/:name', 'POST /warps/:name/move', 'POST /warps/:name/create', 'POST /warps/:name/delete']), [
      'GET /warps',
      'POST /warps/:name/create',
      'GET /warps/:name',
      'POST /warps/:name/move',
      'POST /warps/:name/delete',
    ]);
  });

  it('refuses an example that needs a route of another area, or examples that need each other', () => {
    assert.throws(() => order(['GET /warps/:name']), /GET \/warps\/:name: its example needs POST \/warps\/:name\/create, which is not a route of its area/);
    assert.throws(() => order(['A', 'B'], { A: 'B', B: 'A' }), /the examples of A, B need each other/);
  });
});
