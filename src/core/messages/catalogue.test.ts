import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { defineMessages, duration, isSaid } from './catalogue.ts';

const EN = {
  error: { 'shop.closed': 'The shop {shop} is closed for {wait}.' },
  success: { 'shop.bought': 'You bought {count} {item}.', 'shop.thanks': 'Thank you!' },
} as const;

describe('defineMessages', () => {
  const shop = defineMessages('shop', EN, { de: { 'shop.closed': 'Der Laden {shop} ist {wait} lang zu.', 'shop.bought': 'Du hast {count} {item} gekauft.', 'shop.thanks': 'Danke!' } });

  it('gathers every key with its style, its templates and its placeholders', () => {
    const closed = shop.entries.get('shop.closed')!;
    assert.equal(closed.style, 'error');
    assert.deepEqual(closed.placeholders, ['shop', 'wait']);
    assert.equal(closed.templates.de, 'Der Laden {shop} ist {wait} lang zu.');
    assert.equal(shop.entries.get('shop.thanks')!.style, 'success');
  });

  it('makes a message of a key and its values, which the type checker holds to the template', () => {
    const said = shop.msg('shop.closed', { shop: 'Bakery', wait: duration(90) });
    assert.deepEqual(said, { key: 'shop.closed', params: { shop: 'Bakery', wait: { seconds: 90 } } });
    assert.deepEqual(shop.msg('shop.thanks'), { key: 'shop.thanks', params: {} });
    assert.ok(isSaid(said));
    assert.ok(!isSaid({ text: 'hello' }));
    // @ts-expect-error: no such key.
    shop.msg('shop.open');
    // @ts-expect-error: {wait} is missing.
    shop.msg('shop.closed', { shop: 'Bakery' });
    // @ts-expect-error: the template has no {price}.
    shop.msg('shop.closed', { shop: 'Bakery', wait: 1, price: 3 });
    // @ts-expect-error: a message without placeholders takes no values.
    shop.msg('shop.thanks', { x: 1 });
  });

  it('refuses a translation whose placeholders differ from English, naming the key', () => {
    assert.throws(
      () => defineMessages('shop', EN, { de: { 'shop.closed': 'Zu: {shop}.', 'shop.bought': 'Gekauft: {count} {item}.', 'shop.thanks': 'Danke!' } }),
      /the de "shop.closed" has the placeholders \{shop\}, English \{shop\}, \{wait\}/,
    );
  });

  it('refuses a key outside the area, a key that another continues, and a template that does not parse', () => {
    assert.throws(() => defineMessages('shop', { info: { 'other.x': 'x' } }, { de: { 'other.x': 'x' } }), /must start with "shop."/);
    assert.throws(() => defineMessages('shop', { info: { 'shop.a': 'x', 'shop.a.b': 'y' } }, { de: { 'shop.a': 'x', 'shop.a.b': 'y' } }), /continues the key "shop.a"/);
    assert.throws(() => defineMessages('shop', { info: { 'shop.a': '<click:run:/x>open' } }, { de: { 'shop.a': 'x' } }), /not closed/);
  });
});
