// Every command of docs/getting-started.md and docs/api/*.md runs as written, in order, and answers
// what its page shows. The pages are read from the files (test/support/doc-commands.ts) and taken
// in order against one real server, as a reader takes them: getting started, then the set-up of
// docs/api/README.md, then each area page in the order of its table (each page works on its own
// after that set-up). `sh` commands run in bash with the variables the pages set; the lines of
// `server-console` blocks are typed at the server's console; the players of `in-game` blocks are
// mineflayer bots that join, leave and type in chat.
//
// A curl command's answer must be one its route's schema allows (test/support/schema-checks.ts) and
// the kind the page shows (the same `ok`, the same code, `data` with the same keys); a command shown
// without an answer must succeed. A failure names the page and line of the step.
//
// The server is a default one with three differences a test needs: a port of its own for the game
// and for the API (the pages' `127.0.0.1:8123` is rewritten to it), no request limit per minute
// (rest-server.ts), and skins.conf pointing at a stand-in for the game's account service
// (test/support/fake-account-service.ts), which knows the account Notch the pages' skins name: the
// test does not reach the internet.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { EXAMPLE_BASE } from '../../src/rest/api-examples.ts';
import { http } from '../../src/rest/test-support.ts';
import { startFakeAccountService, type FakeAccountService } from '../support/fake-account-service.ts';
import { answerDiffers, docSteps, replyPattern, type DocStep } from '../support/doc-commands.ts';
import { answerProblem, routeOf } from '../support/schema-checks.ts';
import { fence, joinBot, quit, quitAll, sleep, waitForMessage, type Bot } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { newDataDir, ROOT_DIR } from './support/server-process.ts';

const API = join(ROOT_DIR, 'docs', 'api');

/** The pages in the order a reader takes them: getting started, the set-up, the areas as the index lists them. */
function pagesInOrder(): string[] {
  const index = readFileSync(join(API, 'README.md'), 'utf8');
  const listed = [...index.matchAll(/^\| \[[^\]]+\]\(([\w-]+\.md)\)/gm)].map((m) => m[1]!);
  const rest = readdirSync(API).filter((f) => f.endsWith('.md') && f !== 'README.md' && !listed.includes(f)).sort();
  return [join(ROOT_DIR, 'docs', 'getting-started.md'), join(API, 'README.md'), ...[...listed, ...rest].map((f) => join(API, f))];
}

const NOTCH = { name: 'Notch', id: '069a79f444e94726a5befca90e38aaf5', textureUrl: 'http://textures.minecraft.net/texture/notch-docs' };

/** One line curl writes to standard error per request (the command's own output is left as it is). */
const CURL = `curl() { command curl --write-out '%{stderr}@@answer %{http_code} %{method} %{url_effective}\\n' "$@"; }`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  /** Each request the command made. */
  answers: { status: number; method: string; path: string }[];
}

function bash(script: string, env: Record<string, string>): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn('bash', ['-c', `${CURL}\n${script}`], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => {
      const answers = [...stderr.matchAll(/@@answer (\d+) (\S+) (\S+)/g)].map((m) => ({ status: Number(m[1]), method: m[2]!, path: new URL(m[3]!).pathname }));
      resolve({ code, stdout, stderr: stderr.replace(/@@answer .*\n?/g, ''), answers });
    });
  });
}

describe('the commands of the documentation', () => {
  let rs: RestServer;
  let accounts: FakeAccountService;
  let dataDir: string;
  /** The test's own token, to see who is online. */
  let harness: string;
  /** The shell variables the pages have set so far. */
  const variables: Record<string, string> = {};
  /** The secret of the last token made at the console: what the pages' `TOKEN=crs_…` stands for. */
  let lastSecret: string | undefined;
  const bots = new Map<string, Bot>();
  const ended = new WeakSet<Bot>();

  before(async () => {
    accounts = await startFakeAccountService([NOTCH]);
    dataDir = newDataDir();
    mkdirSync(join(dataDir, 'core'), { recursive: true });
    writeFileSync(join(dataDir, 'core', 'skins.conf'), accounts.conf);
    rs = await startRestServer({ dataDir });
    harness = await rs.token('doc-test-harness');
  });

  after(async () => {
    await quitAll();
    await rs?.stop();
    await accounts?.stop();
    if (dataDir && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  });

  const online = async (name: string) => {
    const a = await http(rs.restPort, 'GET', '/api/v1/players', { token: harness });
    return ((a.json as { data?: { players?: { name: string }[] } }).data?.players ?? []).some((p) => p.name === name);
  };
  /** Polls an asynchronous condition (the server's list of players) until it holds. */
  const until = async (condition: () => Promise<boolean>, what: string) => {
    const end = Date.now() + 15000;
    while (!(await condition())) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
      await sleep(25);
    }
  };

  /** The page's address rewritten to this server's. */
  const here = (command: string) => command.replaceAll(EXAMPLE_BASE.replace('http://', ''), `127.0.0.1:${rs.restPort}`);

  /** What is wrong with a curl command's run (one sentence), or undefined. */
  function curlProblem(step: Extract<DocStep, { kind: 'curl' }>, run: Run): string | undefined {
    if (run.code !== 0) return `bash exited with ${run.code}: ${run.stderr.trim() || run.stdout.trim()}`;
    if (run.answers.length !== 1) return `it made ${run.answers.length} requests, not one`;
    const { status, method, path } = run.answers[0]!;
    if (!routeOf(method, path)) {
      // A document, a page or metrics: not the JSON envelope.
      return status === 200 ? undefined : `${method} ${path} answered ${status}: ${run.stdout.slice(0, 300)}`;
    }
    let json: unknown;
    try {
      json = JSON.parse(run.stdout);
    } catch {
      return `${method} ${path} answered ${status} with no JSON: ${run.stdout.slice(0, 300)}`;
    }
    const wrong = answerProblem(method, path, status, json);
    if (wrong) return wrong;
    if (step.expect) {
      const differs = answerDiffers(step.expect.json, json);
      return differs === undefined ? undefined : `${method} ${path} (answer shown at line ${step.expect.line}): ${differs}`;
    }
    return (json as { ok?: unknown }).ok === true ? undefined : `${method} ${path} shows no answer, so it should succeed; it answered ${status} ${run.stdout}`;
  }

  /** Takes one step; resolves with what went wrong, or undefined. */
  async function take(step: DocStep): Promise<string | undefined> {
    switch (step.kind) {
      case 'curl': {
        const run = await bash(here(step.command), variables);
        return curlProblem(step, run);
      }
      case 'assign': {
        if (step.placeholder) {
          if (step.name !== 'TOKEN' || lastSecret === undefined) return `${step.name} is a placeholder the test cannot fill in (only TOKEN, after a token is made at the console)`;
          variables.TOKEN = lastSecret;
          return undefined;
        }
        const run = await bash(`${here(step.command)}\nprintf '%s' "$${step.name}"`, variables);
        const failed = run.answers.find((a) => a.status !== 200);
        if (run.code !== 0 || failed) return `setting ${step.name} failed (${failed ? `${failed.method} ${failed.path} answered ${failed.status}` : `exit ${run.code}`}): ${run.stderr.trim()}`;
        if (run.stdout === '' || run.stdout === 'null') return `${step.name} came out empty (${JSON.stringify(run.stdout)})`;
        variables[step.name] = run.stdout;
        return undefined;
      }
      case 'console': {
        if (step.reply === undefined) return `the page shows no reply to "${step.types}"`;
        const line = await rs.console(step.types, replyPattern(step.reply));
        lastSecret = /Secret: (crs_\S+)/.exec(line)?.[1] ?? lastSecret;
        return undefined;
      }
      case 'join': {
        const bot = bots.get(step.player);
        if (bot && !ended.has(bot)) {
          // Still connected, unless the server has just let them go (a kick): a reply on the connection tells.
          const gone = new Promise<'gone'>((r) => bot.once('end', () => r('gone')));
          if ((await Promise.race([fence(bot).then(() => 'here' as const), gone])) === 'here') return undefined;
        }
        const joined = await joinBot(rs.server.gamePort, step.player);
        joined.once('end', () => void ended.add(joined));
        bots.set(step.player, joined);
        await until(() => online(step.player), `${step.player} to be listed online`);
        return undefined;
      }
      case 'leave': {
        const bot = bots.get(step.player);
        if (!bot || ended.has(bot)) return `${step.player} is not in the game`;
        await quit(bot);
        await until(async () => !(await online(step.player)), `${step.player} to be gone from the players online`);
        return undefined;
      }
      case 'chat': {
        const bot = bots.get(step.player);
        if (!bot || ended.has(bot)) return `${step.player} is not in the game`;
        if (step.reply === undefined) return `the page shows no reply to "${step.types}"`;
        const reply = waitForMessage(bot, replyPattern(step.reply));
        bot.chat(step.types);
        await reply;
        return undefined;
      }
    }
  }

  for (const file of pagesInOrder()) {
    const name = relative(ROOT_DIR, file);
    it(`runs every command of ${name} as written, with the answers it shows`, async () => {
      const steps = docSteps(name, readFileSync(file, 'utf8'));
      const problems: string[] = [];
      for (const step of steps) {
        const problem = await take(step).catch((e: unknown) => (e instanceof Error ? e.message : String(e)));
        if (problem !== undefined) problems.push(`${step.file}:${step.line}: ${problem}`);
      }
      assert.deepEqual(problems, []);
    });
  }
});
