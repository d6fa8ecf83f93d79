import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lineOfPath } from './config-lines.ts';

const TEXT = `# a comment: name = "not this one"
limit = 3
sidebar.title = "dotted"

[kits.starter]
name = "Starter"
items = [
  { material = "stone_sword" },
  { material = "bread", count = 16 }, # a comment, [ not a list ]
]

[kits."with space"]
name = "quoted"

[[rungs]]
name = "member"

[[rungs]]
name = "regular"
tags = ["a", "b"]
`;

const lineOf = (path: Array<string | number>) => lineOfPath(TEXT, path);

describe('the line a key path is about', () => {
  it('finds a top-level key, a dotted key and a table header', () => {
    assert.equal(lineOf(['limit']), 2);
    assert.equal(lineOf(['sidebar', 'title']), 3);
    assert.equal(lineOf(['kits', 'starter']), 5);
    assert.equal(lineOf(['kits', 'with space', 'name']), 13);
  });

  it('finds a key in its own table, not the first of its name in the file', () => {
    assert.equal(lineOf(['kits', 'starter', 'name']), 6);
    assert.equal(lineOf(['rungs', 1, 'name']), 19);
  });

  it('finds the element of a list written over several lines, and of an inline one', () => {
    assert.equal(lineOf(['kits', 'starter', 'items', 0]), 8);
    assert.equal(lineOf(['kits', 'starter', 'items', 1, 'count']), 9);
    assert.equal(lineOf(['rungs', 1, 'tags', 1]), 20);
  });

  it('answers the table of a key the file does not set, and nothing for a top-level one', () => {
    assert.equal(lineOf(['kits', 'starter', 'cost']), 5);
    assert.equal(lineOf(['rungs', 0, 'group']), 15);
    assert.equal(lineOf(['currency']), undefined);
  });
});
