// Runs a command the way a README tells a person to: the command is read from the README's `sh`
// blocks (so a README whose command no longer works fails its test), its settings are put in place
// of the placeholders it shows (`CORE_TOKEN=crs_…`), and it runs in a real shell with the machine's
// own PATH, as a person's terminal has it: without the node_modules/.bin that `npm test` puts first.
// On these machines the system `node` is 20, so a command that only works on the project's Node 24
// fails here as it would for the person.

import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** The PATH without the folders npm puts first for a script (node_modules/.bin, npm's own helpers). */
export function machinePath(path: string = process.env.PATH ?? ''): string {
  return path
    .split(':')
    .filter((dir) => dir !== '' && !dir.split('/').includes('node_modules'))
    .join(':');
}

/**
 * The environment of a person's shell: the machine's PATH, and none of the variables that the test
 * run has because npm or node:test started it (`npm_*`, `NODE_TEST_CONTEXT`); `extra` on top.
 */
export function userEnvironment(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (/^npm_/i.test(key) || key === 'NODE_TEST_CONTEXT' || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return { ...env, PATH: machinePath(process.env.PATH), ...extra };
}

/** The commands of a Markdown text's `sh` blocks: comment lines dropped, `\` continuations joined. */
export function shellCommands(markdown: string): string[] {
  const commands: string[] = [];
  for (const [, block = ''] of markdown.matchAll(/```sh\n([\s\S]*?)```/g)) {
    let pending = '';
    for (const raw of block.split('\n')) {
      const line = raw.trim();
      if (pending === '' && (line === '' || line.startsWith('#'))) continue;
      if (line.endsWith('\\')) {
        pending += `${line.slice(0, -1).trim()} `;
        continue;
      }
      commands.push(`${pending}${line.replace(/\s+#\s.*$/, '')}`.trim());
      pending = '';
    }
  }
  return commands;
}

/** The one command of the README's `sh` blocks that runs `npm run <script>`; throws unless there is exactly one. */
export function readmeCommand(readmePath: string, script: string): string {
  const runs = new RegExp(`(^|\\s)npm run ${script.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(\\s|$)`);
  const found = shellCommands(readFileSync(readmePath, 'utf8')).filter((c) => runs.test(c));
  if (found.length !== 1) throw new Error(`${readmePath}: expected one command running \`npm run ${script}\` in its sh blocks, found ${found.length}`);
  return found[0]!;
}

/** A value as one shell word. */
function shellWord(value: string): string {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command with the values of its `NAME=value` settings replaced (the README shows placeholders
 * such as `crs_…`). Throws naming a setting the command does not show: the README must say how to
 * give it.
 */
export function withSettings(command: string, values: Record<string, string>): string {
  let out = command;
  for (const [name, value] of Object.entries(values)) {
    const setting = new RegExp(`(^|\\s)${name}=\\S*`);
    if (!setting.test(out)) throw new Error(`the command does not set ${name}: ${command}`);
    out = out.replace(setting, (_m, lead: string) => `${lead}${name}=${shellWord(value)}`);
  }
  return out;
}

export interface ShellCommand {
  readonly pid: number;
  /** Every line printed so far (standard output and standard error). */
  readonly lines: string[];
  /** The line that matched `ready`. */
  readonly ready: RegExpExecArray;
  /** Resolves with the shell's exit code once it has exited (or with null when a signal ended it). */
  readonly exited: Promise<number | null>;
  /** SIGTERM to the command and everything it started (its process group); resolves once all are gone. */
  stop(): Promise<void>;
}

/**
 * Whether a process of the group is still running, from /proc (Linux). A zombie does not count: one
 * whose parent ended waits for the system to reap it, which `kill(-pgid, 0)` would wait for too.
 */
function groupAlive(pgid: number): boolean {
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // After the command's name in parentheses: state, parent, process group.
    const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(group) === pgid && state !== 'Z') return true;
  }
  return false;
}

/**
 * Runs `sh -c <command>` in its own process group and resolves once a line of its output matches
 * `ready`. If it exits first or no line matches within `timeoutMs`, rejects with its output (and stops
 * what is left of it).
 */
export function startShellCommand(command: string, options: { cwd: string; env: NodeJS.ProcessEnv; ready: RegExp; timeoutMs?: number }): Promise<ShellCommand> {
  const child = spawn('sh', ['-c', command], { cwd: options.cwd, env: options.env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const pid = child.pid!;
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  async function stop(): Promise<void> {
    try {
      process.kill(-pid, 'SIGTERM');
    } catch {
      // the whole group has ended already
    }
    await exited;
    // The shell may end before what it started: wait for the whole group, then make sure.
    const end = Date.now() + 10_000;
    while (groupAlive(pid) && Date.now() < end) await new Promise((r) => setTimeout(r, 25));
    if (groupAlive(pid)) process.kill(-pid, 'SIGKILL');
  }

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (why: string) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void stop().then(() => reject(new Error(`\`${command}\` ${why}:\n${lines.join('\n')}`)));
    };
    const timer = setTimeout(() => fail(`printed no line matching ${options.ready} within ${options.timeoutMs ?? 20_000} ms`), options.timeoutMs ?? 20_000);
    const onLine = (line: string) => {
      lines.push(line);
      const ready = options.ready.exec(line);
      if (ready && !settled) {
        settled = true;
        clearTimeout(timer);
        resolve({ pid, lines, ready, exited, stop });
      }
    };
    createInterface({ input: child.stdout! }).on('line', onLine);
    createInterface({ input: child.stderr! }).on('line', onLine);
    void exited.then((code) => fail(`exited (${code}) before it was ready`));
  });
}
