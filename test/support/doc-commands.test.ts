// The reading of a page's steps by the documentation-commands test (./doc-commands.ts): what it runs,
// where each step is, which answer belongs to which command, and when an answer is not the one shown.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { answerDiffers, docSteps, replyPattern } from './doc-commands.ts';

const page = [
  '# A page', //                                                         1
  '', //                                                                 2
  '```server-console', //                                                3
  '> coreapi token create panel read', //                                4
  'Token panel created with scopes read. Secret: crs_…', //              5
  '```', //                                                              6
  '', //                                                                 7
  '```in-game', //                                                       8
  'Steve joined the game', //                                            9
  'Steve> /setjail cell', //                                            10
  'Jail cell set at …', //                                              11
  'Alex left the game', //                                              12
  '```', //                                                             13
  '', //                                                                14
  '```sh', //                                                           15
  'TOKEN=crs_…   # the secret', //                                      16
  'curl -s -H "Authorization: Bearer $TOKEN" \\', //                    17
  '  "$CORE/status"', //                                                18
  '# {"ok":true,"data":{"version":"1"}}', //                            19
  'npx wscat -c ws://127.0.0.1:8123/api/v1/events', //                  20
  '> {"subscribe":["economy.*"]}', //                                   21
  'UUID=$(curl -s "$CORE/players/by-name/steve" | jq -r .data.uuid)', //22
  'curl -s -X POST -d @- "$CORE/economy/transfer" <<EOF', //            23
  '{"from":"$UUID"}', //                                                24
  'EOF', //                                                             25
  '```', //                                                             26
  '', //                                                                27
  '```json', //                                                         28
  '{"ok": false, "code": "not-found", "message": "x"}', //              29
  '```', //                                                             30
].join('\n');

describe('the steps of a documentation page', () => {
  const steps = docSteps('docs/x.md', page);

  it('are read in order, each with its file and line, what is not run left out', () => {
    assert.deepEqual(
      steps.map((s) => `${s.file}:${s.line} ${s.kind}`),
      ['docs/x.md:4 console', 'docs/x.md:9 join', 'docs/x.md:10 chat', 'docs/x.md:12 leave', 'docs/x.md:16 assign', 'docs/x.md:17 curl', 'docs/x.md:22 assign', 'docs/x.md:23 curl'],
    );
  });

  it('hold what is typed and the reply shown, at the console and in game', () => {
    assert.deepEqual(steps[0], { kind: 'console', file: 'docs/x.md', line: 4, types: 'coreapi token create panel read', reply: 'Token panel created with scopes read. Secret: crs_…' });
    assert.deepEqual(steps[2], { kind: 'chat', file: 'docs/x.md', line: 10, player: 'Steve', types: '/setjail cell', reply: 'Jail cell set at …' });
    assert.match('Jail cell set at world 12, 64, -3.', replyPattern('Jail cell set at …'));
    assert.doesNotMatch('Jail (cell) set', replyPattern('Jail (cell) set at …'));
  });

  it('join a command continued on the next line, and take a here-document whole', () => {
    assert.equal(steps[5]?.kind === 'curl' && steps[5].command, 'curl -s -H "Authorization: Bearer $TOKEN" \\\n  "$CORE/status"');
    assert.equal(steps[7]?.kind === 'curl' && steps[7].command, 'curl -s -X POST -d @- "$CORE/economy/transfer" <<EOF\n{"from":"$UUID"}\nEOF');
  });

  it('tell a placeholder the reader fills in from an assignment the shell runs', () => {
    assert.deepEqual([steps[4], steps[6]].map((s) => s?.kind === 'assign' && [s.name, s.placeholder]), [['TOKEN', true], ['UUID', false]]);
  });

  it('give a command the answer shown after it: a comment, or the JSON block that follows', () => {
    assert.deepEqual(steps[5]?.kind === 'curl' && steps[5].expect, { json: { ok: true, data: { version: '1' } }, line: 19 });
    assert.deepEqual(steps[7]?.kind === 'curl' && steps[7].expect, { json: { ok: false, code: 'not-found', message: 'x' }, line: 29 });
  });
});

describe('an answer compared with the one a page shows', () => {
  const shown = { ok: true, data: { name: 'spawn', location: { world: 'world' }, owner: null } };

  it('is the same with other values, the same keys and the same kind of data', () => {
    assert.equal(answerDiffers(shown, { ok: true, data: { owner: 'Steve', location: {}, name: 'x' } }), undefined);
    assert.equal(answerDiffers({ ok: false, code: 'not-found', message: 'a' }, { ok: false, code: 'not-found', message: 'b' }), undefined);
    assert.equal(answerDiffers({ ok: true, data: null }, { ok: true, data: null }), undefined);
  });

  it('differs on ok, on the code, on the kind of data, and on a key added or left out', () => {
    assert.match(answerDiffers(shown, { ok: false, code: 'not-found', message: 'There is no warp "spawn".' }) ?? '', /shows ok true.*not-found/);
    assert.match(answerDiffers({ ok: false, code: 'refused' }, { ok: false, code: 'not-found' }) ?? '', /shows code refused/);
    assert.match(answerDiffers(shown, { ok: true, data: null }) ?? '', /data as an object/);
    assert.equal(answerDiffers(shown, { ok: true, data: { name: 'x', location: {}, extra: 1 } }), "the answer's data holds extra, which the page does not show; it lacks owner, which the page shows");
  });
});
