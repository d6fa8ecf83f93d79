// The examples the reference shows (the page, docs/api/<area>.md) are requests the server accepts:
// every path parameter, query and body passes its route's own validation (./validation.ts), and
// every example answer is one its route's answer schema allows.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { TypeCompiler } from '@sinclair/typebox/compiler';
import { buildOpenApi } from './openapi.ts';
import { EXAMPLE_PLAYERS } from '../core/kernel/routes.ts';
import { curlOf, exampleFor, operationsOf, shellJson } from './api-examples.ts';
import { REFERENCE_ROUTES } from './reference.ts';
import { API_PREFIX } from './route-table.ts';
import { ROUTES } from '../../test/support/published.ts';
import { compile, noBody, noExtra, validate } from './validation.ts';

const doc = buildOpenApi(ROUTES, 'x', REFERENCE_ROUTES);
const ops = operationsOf(doc);

describe('the reference examples', () => {
  it('give every route a path, query and body its validation accepts', () => {
    const problems: string[] = [];
    for (const row of ROUTES) {
      const path = API_PREFIX + row.path.replace(/:([A-Za-z0-9_-]+)/g, '{$1}');
      const o = ops.find((x) => x.path === path && x.method === row.method);
      if (!o) {
        problems.push(`${row.name}: not in the document`);
        continue;
      }
      const e = exampleFor(doc, o);
      try {
        const params = compile(row.params);
        const query = compile(row.query);
        const body = compile(row.body);
        if (params) validate(params, { ...e.params }, 'params');
        if (query) validate(query, { ...e.query }, 'query');
        else noExtra(e.query, 'query');
        if (body) validate(body, structuredClone(e.body), 'body');
        else noBody(e.body);
      } catch (err) {
        problems.push(`${row.name}: ${(err as Error).message} (${e.url} ${JSON.stringify(e.body)})`);
      }
      const answer = e.answer as { ok: true; data: unknown };
      const check = TypeCompiler.Compile(row.answer);
      const first = check.Errors(answer.data).First();
      if (first) problems.push(`${row.name}: example answer ${first.path} ${first.message}`);
    }
    assert.deepEqual(problems, []);
  });

  it('write a curl command with the token, the body, and the URL under $CORE with the player as $UUID', () => {
    const o = ops.find((x) => x.path === '/api/v1/players/{uuid}/balance/deposit' && x.method === 'POST');
    assert.ok(o);
    const curl = curlOf(o, exampleFor(doc, o));
    assert.match(curl, /^curl -s -X POST -H "Authorization: Bearer \$TOKEN"/);
    assert.match(curl, /-d '\{"amount":25\}'/);
    assert.match(curl, /"\$CORE\/players\/\$UUID\/balance\/deposit"$/);
    const reference = ops.find((x) => x.path === '/api/v1/openapi.json');
    assert.ok(reference);
    assert.match(curlOf(reference, exampleFor(doc, reference)), /Authorization: Bearer \$TOKEN/, 'every command sends the token, the reference\'s too');
  });

  it('send a body that names a player from a here-document, where the shell puts in $UUID and $OTHER', () => {
    const o = ops.find((x) => x.path === '/api/v1/economy/transfer');
    assert.ok(o);
    const curl = curlOf(o, exampleFor(doc, o));
    assert.match(curl, /-d @- \\\n {2}"\$CORE\/economy\/transfer" <<EOF\n\{"from":"\$UUID","to":"\$OTHER","amount":10\}\nEOF$/);
  });

  it('writes a value kept by an earlier step as its variable, and escapes what the shell would expand', () => {
    assert.deepEqual(shellJson({ snapshot: 1 }, { snapshot: '$SNAPSHOT' }), { json: '{"snapshot":$SNAPSHOT}', variables: true });
    assert.deepEqual(shellJson({ text: 'costs $5 `now`', to: EXAMPLE_PLAYERS.alex.uuid }), { json: '{"text":"costs \\$5 \\`now\\`","to":"$OTHER"}', variables: true });
    assert.deepEqual(shellJson({ text: 'costs $5' }), { json: '{"text":"costs $5"}', variables: false });
  });
});
