// The web panel as a person sees it: the real server with the Remote Access Service on and two
// bots online, the panel's backend started by the command its README shows (read from the README,
// run in a shell with the machine's own PATH: `npm run example:web-panel` with CORE_URL and
// CORE_TOKEN), and the page opened in headless Chromium. A deposit made over
// REST must show on the page without a reload; the graph must show the server's ticks and the API's
// requests per second; and the token must never reach the browser.
//
// PANEL_SCREENSHOT=examples/web-panel/screenshot.png writes the README's picture; otherwise the
// screenshot goes to a temporary folder.

import assert from 'node:assert/strict';
import { get } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { joinBot, quitAll } from '../../test/e2e/support/bots.ts';
import { startRestServer, type RestServer } from '../../test/e2e/support/rest-server.ts';
import { readmeCommand, startShellCommand, userEnvironment, withSettings, type ShellCommand } from '../../test/support/readme-command.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Polls the locator's text until it matches (a person looking at the page for a few seconds). */
async function textOf(locator: Locator, match: RegExp, timeoutMs = 15000): Promise<string> {
  const end = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < end) {
    last = (await locator.count()) > 0 ? ((await locator.first().textContent()) ?? '') : '';
    if (match.test(last)) return last;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${match} in ${locator}; it read "${last}"`);
}

/**
 * Run in the page: the pixels of the graph in the ticks' green and in the requests' blue; null until
 * both are `least` or more.
 */
function lineColours(least: number): { green: number; blue: number } | null {
  const canvas = (globalThis as unknown as { document: { getElementById(id: string): unknown } }).document.getElementById('graph') as {
    width: number;
    height: number;
    getContext(k: '2d'): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } };
  };
  const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let green = 0;
  let blue = 0;
  for (let i = 0; i < data.length; i += 4) {
    const [r, g, b, a] = [data[i]!, data[i + 1]!, data[i + 2]!, data[i + 3]!];
    if (a > 200 && Math.abs(r - 63) < 12 && Math.abs(g - 185) < 12 && Math.abs(b - 80) < 12) green++;
    if (a > 200 && Math.abs(r - 88) < 12 && Math.abs(g - 166) < 12 && Math.abs(b - 255) < 12) blue++;
  }
  return green >= least && blue >= least ? { green, blue } : null;
}

/** Starts the panel's backend by the README's command, on a free port; resolves with its address. */
async function startPanelProcess(coreUrl: string, token: string): Promise<{ shell: ShellCommand; url: string }> {
  const command = withSettings(readmeCommand(join(import.meta.dirname, 'README.md'), 'example:web-panel'), { CORE_URL: coreUrl, CORE_TOKEN: token });
  const shell = await startShellCommand(command, { cwd: ROOT, env: userEnvironment({ PANEL_PORT: '0' }), ready: /Web panel on (\S+)/, timeoutMs: 30_000 });
  return { shell, url: shell.ready[1]! };
}

/** The first frame of the panel's event stream (its `hello`), as a browser would receive it. */
function firstStreamFrame(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = get(new URL('/api/stream', url), (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => {
        text += chunk.toString('utf8');
        if (text.includes('event: hello')) {
          req.destroy();
          resolve(text);
        }
      });
    });
    req.on('error', reject);
  });
}

describe('the web panel, in Chromium', () => {
  let rs: RestServer | undefined;
  let panel: { shell: ShellCommand; url: string } | undefined;
  let browser: Browser | undefined;
  // Set in before(); after() also runs when before() failed first, hence its `page?.`.
  let page!: Page;
  let token: string;
  let writer: string;
  const tmp = mkdtempSync(join(tmpdir(), 'core-panel-'));
  /** Everything the browser sent: url, headers and body of each request. */
  const sent: string[] = [];
  /** The bodies of every answer the browser received (the event stream aside: it never ends). */
  const received: Promise<string>[] = [];

  before(async () => {
    rs = await startRestServer({ dataDir: join(tmp, 'data') });
    token = await rs.token('panel', 'read,events');
    writer = await rs.token('writer', 'read,write');
    await joinBot(rs.server.gamePort, 'Alex', { viewDistance: 2 });
    await joinBot(rs.server.gamePort, 'Steve', { viewDistance: 2 });
    panel = await startPanelProcess(`http://127.0.0.1:${rs.restPort}`, token);
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS, headless: true });
    page = await browser.newPage({ viewport: { width: 1280, height: 640 } });
    page.on('request', (r) => {
      sent.push(`${r.method()} ${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ''}`);
    });
    page.on('response', (r) => {
      if (!r.url().endsWith('/api/stream')) received.push(r.text().catch(() => ''));
    });
    await page.goto(panel.url);
  });

  after(async () => {
    try {
      // Taken here, so a failed check leaves a picture of what the page showed.
      await (page as Page | undefined)?.screenshot({ path: process.env.PANEL_SCREENSHOT ?? join(tmp, 'panel.png') }).catch(() => {});
      await browser?.close();
      await panel?.shell.stop();
      await quitAll();
      await rs?.stop();
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('lists the players online with their balances', async () => {
    await textOf(page.locator('#players tr', { hasText: 'Alex' }).locator('td.balance'), /^\$100\.00$/);
    await textOf(page.locator('#players tr', { hasText: 'Steve' }).locator('td.balance'), /^\$100\.00$/);
    assert.equal(await page.locator('#player-count').textContent(), '2');
    await textOf(page.locator('#status'), /^Live$/);
  });

  it('shows a deposit made over REST, in the balance and the live events, without a reload', async () => {
    await page.evaluate(() => ((globalThis as unknown as { notReloaded: boolean }).notReloaded = true));
    const alex = (await rs!.call('GET', '/players/by-name/Alex', writer)).json as { data: { uuid: string } };
    const deposit = await rs!.call('POST', `/players/${alex.data.uuid}/balance/deposit`, writer, { amount: 25 });
    assert.equal(deposit.status, 200);
    await textOf(page.locator('#players tr', { hasText: 'Alex' }).locator('td.balance'), /^\$125\.00$/);
    const newest = page.locator('#events li').first();
    await textOf(newest, /economy\.wallet-credit/);
    assert.match((await newest.textContent()) ?? '', /Alex \+\$25\.00 → \$125\.00/);
    assert.equal(await page.evaluate(() => (globalThis as unknown as { notReloaded?: boolean }).notReloaded), true);
    assert.equal(await page.locator('#players tr', { hasText: 'Steve' }).locator('td.balance').textContent(), '$100.00');
  });

  it('graphs the ticks per second the server reports and the API requests per second', async () => {
    // Some traffic, so that the requests per second are more than the panel's own scrapes.
    const steve = (await rs!.call('GET', '/players/by-name/Steve', writer)).json as { data: { uuid: string } };
    await rs!.call('POST', `/players/${steve.data.uuid}/balance/withdraw`, writer, { amount: 10 });
    for (let i = 0; i < 30; i++) await rs!.call('GET', '/status', writer);
    const tps = Number(await textOf(page.locator('#tps-value'), /^\d+\.\d$/));
    // The panel shows the server's own figure: how near 20 the server keeps is the server's to prove
    // (test/e2e/tps.e2e.test.ts). On a busy machine the loop stalls and then catches up, so a short
    // window can read below or above 20 (21.2 was seen under load); the panel's part is to show a
    // ticks-per-second figure, not a figure in milliseconds or a count of ticks.
    assert.ok(tps > 0 && tps < 60, `ticks per second ${tps}`);
    const rps = Number(await textOf(page.locator('#rps-value'), /^\d+\.\d$/));
    assert.ok(rps > 0, `requests per second ${rps}`);
    // Both lines are drawn: the canvas holds pixels of the ticks' green and of the requests' blue
    // (drawn as the samples come; the wait gives up after 15 s and the check below says what it saw).
    await page.waitForFunction(lineColours, 51, { polling: 100, timeout: 15_000 }).catch(() => undefined);
    const colours = (await page.evaluate(lineColours, 0))!;
    assert.ok(colours.green > 50 && colours.blue > 50, `line pixels drawn: ${JSON.stringify(colours)}`);
  });

  it('never lets the token reach the browser', async () => {
    assert.ok(sent.length >= 4, `requests seen: ${sent.length}`);
    const everything = [...sent, ...(await Promise.all(received)), await page.content(), await firstStreamFrame(panel!.url)];
    for (const text of everything) {
      assert.ok(!text.includes(token), 'the token is in something the browser sent or received');
      assert.ok(!/crs_[A-Za-z0-9_-]{8}/.test(text), `something shaped like a secret: ${text.slice(0, 200)}`);
    }
  });
});
