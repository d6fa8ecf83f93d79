import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseConfigText } from './config-file.ts';

/** The one line a config file's TOML mistake is told in. */
function told(text: string): string {
  const parsed = parseConfigText('/d/core-rest/rest.conf', text);
  assert.ok(!parsed.ok, `${JSON.stringify(text)} parsed`);
  assert.doesNotMatch(parsed.message, /\n/, 'one line');
  return parsed.message;
}

describe('TOML mistakes in a config file', () => {
  it('an unterminated string: the quote missing, on the line of the key (not "control characters")', () => {
    assert.equal(told('enabled = true\nbind = "127.0.0.1\nport = 8123\n'), '/d/core-rest/rest.conf line 2, key "bind": the text in quotes is not closed: a " is missing at its end');
    assert.equal(told("bind = '127.0.0.1\n"), `/d/core-rest/rest.conf line 1, key "bind": the text in quotes is not closed: a ' is missing at its end`);
    assert.equal(told('bind = "127.0.0.1'), '/d/core-rest/rest.conf line 1, key "bind": the text in quotes is not closed: a " is missing at its end', 'at the end of the file');
    assert.equal(told('motd = """Welcome\n'), '/d/core-rest/rest.conf line 1, key "motd": the text opened with three quotes is never closed: three quotes are missing at its end');
  });

  it('a missing `=`', () => {
    assert.equal(told('enabled = true\nport 8123\n'), '/d/core-rest/rest.conf line 2, key "port": the key `port` has no `=` after it (write `port = <value>`)');
    assert.equal(told('enabled\n'), '/d/core-rest/rest.conf line 1, key "enabled": the key `enabled` has no `=` after it (write `enabled = <value>`)');
  });

  it('a missing value, and a second `=`', () => {
    assert.equal(told('port =\n'), '/d/core-rest/rest.conf line 1, key "port": the value after `=` is missing');
    assert.equal(told('port = # later\n'), '/d/core-rest/rest.conf line 1, key "port": the value after `=` is missing');
    assert.equal(told('port = = 1\n'), '/d/core-rest/rest.conf line 1, key "port": has `=` twice');
  });

  it('a key set twice, and a table opened twice, with the line of the first', () => {
    assert.equal(told('# c\nport = 1\nbind = "::1"\nport = 2\n'), '/d/core-rest/rest.conf line 4, key "port": the key `port` is set twice (first on line 2): keep one');
    assert.equal(
      told('[kits.a]\nitems = []\n[kits.b]\nitems = []\nitems = []\n'),
      '/d/core-rest/rest.conf line 5, key "kits.b.items": the key `items` is set twice (first on line 4): keep one',
      'the first in its own table, not in another',
    );
    assert.equal(told('[kits.a]\ncost = 1\n[kits.a]\ncost = 2\n'), '/d/core-rest/rest.conf line 3, key "kits.a": the table [kits.a] appears twice (first on line 1): keep one');
  });

  it('a number that is not one', () => {
    assert.equal(told('port = 8123x\n'), '/d/core-rest/rest.conf line 1, key "port": `8123x` is not a number');
    assert.equal(told('port = 8_123_\n'), '/d/core-rest/rest.conf line 1, key "port": `8_123_` is not a number');
    assert.equal(told('port = 08123\n'), '/d/core-rest/rest.conf line 1, key "port": `08123` is not a number: a number other than 0 cannot start with 0');
    assert.equal(told('cost = 1.\n'), '/d/core-rest/rest.conf line 1, key "cost": `1.` is not a number');
    assert.equal(told('cost = 99999999999999999999\n'), '/d/core-rest/rest.conf line 1, key "cost": `99999999999999999999` is too large a number');
  });

  it('a bare word where a value belongs: text without quotes, a boolean spelt otherwise', () => {
    assert.equal(
      told('bind = localhost\n'),
      '/d/core-rest/rest.conf line 1, key "bind": `localhost` is not a value: put text in double quotes; true and false, numbers and lists [ ] go without',
    );
    assert.equal(told('enabled = yes\n'), '/d/core-rest/rest.conf line 1, key "enabled": `yes` is not a value: write true or false, in lower case and without quotes');
    assert.equal(told('enabled = True\n'), '/d/core-rest/rest.conf line 1, key "enabled": `True` is not a value: write true or false, in lower case and without quotes');
  });

  it('never repeats a value that may be a password or a token (a URL, anything long)', () => {
    const url = told('database = postgres://core:hunter2@db.example/core\n');
    assert.equal(url, '/d/core-rest/rest.conf line 1, key "database": the value is not a value: put text in double quotes; true and false, numbers and lists [ ] go without');
    assert.doesNotMatch(told('token = 1MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.abcdefghijklmnopqrstuvwxyz0123\n'), /abcdef/);
    assert.doesNotMatch(told('port = 1 postgres://core:hunter2@db\n'), /hunter2/);
  });

  it('more on the line after the value', () => {
    assert.equal(
      told('port = 81 23\n'),
      '/d/core-rest/rest.conf line 1, key "port": there is more on the line after the value: `23` (one `key = value` per line; text with spaces goes in double quotes)',
    );
  });

  it('a list or a table in braces left open: on the line that opened it', () => {
    assert.equal(
      told('[kits.starter]\nitems = [ { material = "bread", count = 16 }\ncost = 3\n'),
      '/d/core-rest/rest.conf line 2, key "kits.starter.items": the list is not closed: a ] is missing, or a , between two of its values',
    );
    assert.equal(told('trusted-proxies = ["::1" "127.0.0.1"]\n'), '/d/core-rest/rest.conf line 1, key "trusted-proxies": the list is not closed: a ] is missing, or a , between two of its values');
    assert.equal(told('x = { a = 1\n'), '/d/core-rest/rest.conf line 1, key "x": the table in braces is not closed: a } is missing, or a , between two of its keys');
  });

  it('a table header left open', () => {
    assert.equal(told('[kits.starter\nitems = []\n'), '/d/core-rest/rest.conf line 1, key "kits.starter": the table header `[kits.starter` is not closed: a ] is missing');
    assert.equal(told('[[rungs]\n'), '/d/core-rest/rest.conf line 1, key "rungs": the header `[[rungs]` is not closed: ]] is missing');
  });

  it('a key with a character a key cannot have, and a missing key', () => {
    assert.equal(
      told('max players = 3\n'),
      '/d/core-rest/rest.conf line 1, key "max players": the key `max players` holds a character a key cannot have: use letters, digits, - and _, or put the key in double quotes',
    );
    assert.equal(told('= 3\n'), '/d/core-rest/rest.conf line 1: the key before `=` is missing or has an empty part (two dots, or a dot at an end)');
  });

  it('an escape TOML does not know (a Windows path in double quotes)', () => {
    assert.equal(
      told('folder = "C:\\games"\n'),
      '/d/core-rest/rest.conf line 1, key "folder": the text in quotes holds `\\g`, which is not an escape TOML knows: write a backslash as \\\\, or put the text in single quotes',
    );
  });
});
