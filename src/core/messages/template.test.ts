import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseTemplate } from './template.ts';

const problem = (t: string) => {
  const r = parseTemplate(t);
  assert.equal(r.ok, false, t);
  return r.ok ? '' : r.problem;
};

describe('message templates', () => {
  it('finds the placeholders of the text, of click values and of hover texts', () => {
    const r = parseTemplate('<hover:Owned by {owner}><click:run:/home {home}>Go to {home}</click></hover> now, {player}.');
    assert.ok(r.ok);
    assert.deepEqual(r.value.placeholders, ['home', 'owner', 'player']);
  });

  it('keeps the style of & codes across tags and placeholders', () => {
    const r = parseTemplate('&aPaid &l{amount}<click:copy:x> here</click> done');
    assert.ok(r.ok);
    assert.deepEqual(
      r.value.nodes.map((n) => [n.kind, n.text, n.style, n.click?.action ?? null]),
      [
        ['text', 'Paid ', { color: 'green' }, null],
        ['value', 'amount', { color: 'green', bold: true }, null],
        ['text', ' here', { color: 'green', bold: true }, 'copy_to_clipboard'],
        ['text', ' done', { color: 'green', bold: true }, null],
      ],
    );
  });

  it('keeps a < that starts no tag as text', () => {
    const r = parseTemplate('1 < 2 and <b>');
    assert.ok(r.ok);
    assert.equal(r.value.nodes.map((n) => n.text).join(''), '1 < 2 and <b>');
  });

  it('names what is wrong with a template', () => {
    assert.match(problem('<click:run:/spawn>go'), /<click:…> is not closed/);
    assert.match(problem('go</hover>'), /<\/hover> closes no <hover:…>/);
    assert.match(problem('<click:open:/x>go</click>'), /not a click action: use run, suggest, url or copy/);
    assert.match(problem('<click:url:example.com>go</click>'), /https:\/\//);
    assert.match(problem('<click:run>go</click>'), /is not a tag/);
    assert.match(problem('Hello {Player}'), /not part of a placeholder/);
    assert.match(problem('<hover:a><hover:b>x</hover></hover>'), /inside another/);
  });
});
