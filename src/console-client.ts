// `npm run console -- --data DIR [command…]` (docs/running-the-server.md, "Commands from another
// shell"): console commands for the server running on DIR, from another shell on the same machine,
// through the folder's console socket (src/console-socket.ts). With a command in its arguments it
// runs that one and exits; without, it reads commands from its standard input until its end (a
// prompt in a terminal). The server's answers are printed as they come: replies on standard
// output, warnings and errors on standard error.
//
// Exit codes: 0 when the server took the commands (whatever it answered), 1 when no server could
// be reached or the connection broke, 2 for a bad flag.

import { existsSync } from 'node:fs';
import { createConnection, type Socket } from 'node:net';
import { resolve } from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { setTimeout as delay } from 'node:timers/promises';
import { readFlags, type FlagDeclaration } from './cli-flags.ts';
import { folderHolder } from './data-folder.ts';
import { messageOf } from './core/text/sentence.ts';
import { decodeMessage, lineSplitter, socketPath, socketPathProblem } from './console-protocol.ts';

export const CLIENT_HELP = `Usage: npm run -s console -- [--data DIR] [--wait SECONDS] [command...]

Runs console commands on the server that runs on the data folder DIR, from
another shell on the same machine: for a server under systemd or in a
container, which has no console of its own. The commands are those of the
console (help lists them), with every permission.

  command...        one command (its words, as typed at the console): it runs,
                    its answer is printed, and this exits
  (no command)      commands are read from standard input, one a line, until
                    its end (Ctrl-D); a terminal gets a > prompt

Flags:
  --data DIR        the server's data folder (default ./data)
  --wait SECONDS    wait that long for a server to come up on DIR (after a
                    start or restart) instead of failing at once (default 0;
                    a server that is starting is always waited for)
  --help            print this text and exit

-s (npm's --silent) keeps npm's own header lines off the output. The server's
replies go to standard output, its warnings and errors to standard error.
Exit code 0 when the server took the commands, 1 when no server answers on DIR,
2 for a bad flag. Run it as the user the server runs as (or root): the socket
DIR/console.sock is that user's alone.`;

export interface ClientOptions {
  dataDir: string;
  waitSeconds: number;
  /** One command to run; undefined: read them from standard input. */
  command: string | undefined;
}

export type ClientArgs = { kind: 'run'; options: ClientOptions } | { kind: 'help' } | { kind: 'error'; message: string };

const FLAGS = {
  data: { takesValue: true },
  wait: { takesValue: true },
  help: { takesValue: false, short: 'h' },
} as const satisfies Record<string, FlagDeclaration>;

/** The flags come first; the first word that is not one starts the command (`--` may mark it). */
export function parseClientArgs(argv: readonly string[]): ClientArgs {
  const options: ClientOptions = { dataDir: './data', waitSeconds: 0, command: undefined };
  const { readings, wordsAt } = readFlags(argv, FLAGS);
  for (const r of readings) {
    if (r.kind === 'error') return r;
    if (r.name === 'help') return { kind: 'help' };
    if (r.name === 'data') options.dataDir = r.value;
    else {
      const seconds = Number(r.value);
      if (!/^\d+$/.test(r.value) || !Number.isSafeInteger(seconds)) {
        return { kind: 'error', message: `--wait must be a whole number of seconds, not "${r.value}".` };
      }
      options.waitSeconds = seconds;
    }
  }
  const words = argv.slice(wordsAt);
  if (words.length > 0) {
    const command = words.join(' ');
    if (/[\r\n]/.test(command)) return { kind: 'error', message: 'The command is one line: it cannot hold a line break.' };
    if (command.trim() !== '') options.command = command;
  }
  return { kind: 'run', options };
}

export interface ClientIo {
  stdin: NodeJS.ReadableStream & { isTTY?: boolean };
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** A server whose lock is younger than this is taken to be starting: its socket is waited for. */
const STARTING_MS = 60_000;
const RETRY_MS = 200;
/** The longest answer line taken from the server. */
const MAX_ANSWER = 16 * 1024 * 1024;

function connectOnce(path: string): Promise<Socket | NodeJS.ErrnoException> {
  return new Promise((done) => {
    const socket = createConnection(path);
    const failed = (e: Error) => done(e);
    socket.once('error', failed);
    socket.once('connect', () => {
      socket.off('error', failed);
      done(socket);
    });
  });
}

/** The connection, or the one line that says why there is none. */
async function connect(dataDir: string, waitSeconds: number, io: ClientIo): Promise<Socket | string> {
  const path = socketPath(dataDir);
  const tooLong = socketPathProblem(path);
  if (tooLong !== undefined) return `The server's console cannot be reached: ${tooLong}.`;
  const deadline = Date.now() + waitSeconds * 1000;
  let toldWaiting = false;
  for (;;) {
    const attempt = await connectOnce(path);
    if (!(attempt instanceof Error)) return attempt;
    const code = attempt.code;
    if (code === 'EACCES' || code === 'EPERM') {
      return `${path} is for the user the server runs as: run this command as that user (or as root).`;
    }
    // No socket, or one left by a server that is gone.
    if (code !== 'ENOENT' && code !== 'ECONNREFUSED') return `The server's console ${path} cannot be reached: ${messageOf(attempt)}.`;
    const holder = folderHolder(dataDir);
    const starting = holder !== undefined && Date.now() - Date.parse(holder.started) < STARTING_MS;
    if (!starting && Date.now() >= deadline) {
      if (holder !== undefined) {
        return `The server on ${dataDir} (process ${holder.pid}) has no console socket ${path}; its log says why.`;
      }
      const why = existsSync(dataDir) ? '' : ' (there is no such folder)';
      return `No server is running on ${dataDir}${why}: start one with npm start -- --data ${dataDir}, or as a service.`;
    }
    if (!toldWaiting && io.stderr.isTTY) {
      io.stderr.write(`Waiting for the server on ${dataDir} to open its console…\n`);
      toldWaiting = true;
    }
    await delay(RETRY_MS);
  }
}

/** Sends the commands, prints the answers; resolves with the exit code when the connection ends. */
function converse(socket: Socket, command: string | undefined, dataDir: string, io: ClientIo): Promise<number> {
  const prompting = command === undefined && io.stdin.isTTY === true && io.stdout.isTTY === true;
  let code = 0;
  let unanswered = 0;
  let stopping = false;
  let input: Interface | undefined;
  socket.setEncoding('utf8');

  const answers = lineSplitter(
    MAX_ANSWER,
    (line) => {
      const m = decodeMessage(line);
      if (m === undefined) {
        io.stderr.write(`The server sent what this client cannot read; is ${socketPath(dataDir)} a Core server's console?\n`);
        code = 1;
        socket.destroy();
        return;
      }
      switch (m.kind) {
        case 'line':
          (m.level === 'info' ? io.stdout : io.stderr).write(m.text + '\n');
          return;
        case 'done':
          unanswered--;
          if (prompting && unanswered === 0) input?.prompt();
          return;
        case 'stopping':
          stopping = true;
          io.stderr.write(m.text + '\n');
          return;
        case 'refused':
          code = 1;
          io.stderr.write(m.text + '\n');
          return;
      }
    },
    () => {
      io.stderr.write('The server sent a line too long to read.\n');
      code = 1;
      socket.destroy();
    },
  );

  return new Promise((done) => {
    socket.on('data', (chunk: Buffer | string) => answers.push(chunk.toString()));
    socket.on('end', () => answers.end());
    socket.on('error', (e) => {
      if (code === 0) io.stderr.write(`The connection to the server broke: ${messageOf(e)}.\n`);
      code = 1;
    });
    let closed = false;
    socket.on('close', () => {
      closed = true;
      input?.close();
      if (unanswered > 0 && !stopping && code === 0) {
        io.stderr.write('The server closed the connection before answering.\n');
        code = 1;
      }
      done(code);
    });

    if (command !== undefined) {
      unanswered = 1;
      socket.end(command + '\n');
      return;
    }
    input = createInterface({ input: io.stdin, output: prompting ? io.stdout : undefined, terminal: prompting, prompt: '> ' });
    let sent = 0;
    input.on('line', (line) => {
      unanswered++;
      sent++;
      socket.write(line + '\n');
    });
    // The end of input: the server answers what was sent, then ends the connection.
    input.on('close', () => {
      if (sent === 0 && !prompting && !closed) {
        io.stderr.write('No command was given, and standard input had none: give one after the flags (help lists them), or run this in a terminal (docker exec -it) for a prompt.\n');
      }
      socket.end();
    });
    if (prompting) {
      // Ctrl-C leaves at once (a command under way still finishes on the server).
      input.on('SIGINT', () => {
        io.stdout.write('\n');
        unanswered = 0;
        socket.destroy();
      });
      io.stderr.write(`Connected to the server on ${dataDir}. Type commands (help lists them); Ctrl-D or Ctrl-C leaves, the server keeps running.\n`);
      input.prompt();
    }
  });
}

export async function runClient(options: ClientOptions, io: ClientIo): Promise<number> {
  const dataDir = resolve(options.dataDir);
  const connection = await connect(dataDir, options.waitSeconds, io);
  if (typeof connection === 'string') {
    io.stderr.write(connection + '\n');
    return 1;
  }
  return converse(connection, options.command, dataDir, io);
}

if (import.meta.main) {
  // `npm run -s console -- … | head -1`: a reader that leaves early ends this quietly.
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => process.exit(process.exitCode ?? 0));
  const args = parseClientArgs(process.argv.slice(2));
  if (args.kind === 'help') process.stdout.write(CLIENT_HELP + '\n');
  else if (args.kind === 'error') {
    process.stderr.write(args.message + '\n');
    process.exitCode = 2;
  } else process.exitCode = await runClient(args.options, process);
}
