import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { markup, markupRuns, stripMarkup } from './markup.ts';

describe('markup (& codes)', () => {
  it('leaves text without codes as a plain string', () => {
    assert.equal(markup('Welcome to the server'), 'Welcome to the server');
    assert.equal(markup(''), '');
  });

  it('colours and styles the parts after each code; a colour ends the styles before it', () => {
    assert.deepEqual(markup('&aGreen &lbold&c red'), {
      text: '',
      extra: [
        { text: 'Green ', color: 'green' },
        { text: 'bold', color: 'green', bold: true },
        { text: ' red', color: 'red' },
      ],
    });
  });

  it('&r goes back to plain; && is a literal &; an unknown code is kept as written', () => {
    assert.deepEqual(markup('&6Gold&r plain && &zodd'), {
      text: '',
      extra: [{ text: 'Gold', color: 'gold' }, { text: ' plain & &zodd' }],
    });
    assert.equal(markup('a trailing &'), 'a trailing &');
  });

  it('stripMarkup answers what a player reads', () => {
    assert.equal(stripMarkup('&a&lHello&r, &&friend'), 'Hello, &friend');
  });
});

describe('markup (hex colours and runs)', () => {
  it('&#rrggbb colours by hex code, in lower case; a short or bad code is kept as written', () => {
    assert.deepEqual(markup('&#FF8800Orange &#12zz45x'), { text: '', extra: [{ text: 'Orange &#12zz45x', color: '#ff8800' }] });
  });

  it('markupRuns starts in a given style and answers the style in force at the end', () => {
    const first = markupRuns('&aGreen &lbold');
    assert.deepEqual(first.end, { color: 'green', bold: true });
    assert.deepEqual(markupRuns(' on', first.end).runs, [{ text: ' on', style: { color: 'green', bold: true } }]);
  });
});
