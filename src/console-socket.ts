// The console socket (docs/running-the-server.md, "Commands from another shell"): a server takes
// console commands from `npm run console` on the same machine through a Unix socket in its data
// folder, `console.sock`, which only the server's user (and root) may open (mode 0600). A service
// manager gives the server no standard input and a container runs detached; this is their console.
//
// Each line is run as a line typed at the console (the console sender: every permission, audited
// as `console`), one after the other per connection, and what it prints goes back to the client
// (src/console-replies.ts; the framing is src/console-protocol.ts). The socket is made once the
// server is up and removed when it stops; one left by a server that was killed is replaced (the
// folder's lock, taken first, proves no other server runs on it). A socket that cannot be made
// costs one warning line, never the start.

import { chmodSync, lstatSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createConnection, createServer, type Socket } from 'node:net';
import type { Logger } from './core/log/log.ts';
import { messageOf } from './core/text/sentence.ts';
import { encodeMessage, lineSplitter, MAX_LINE, SOCKET_FILE, socketPath, socketPathProblem, type ServerMessage } from './console-protocol.ts';
import { runWithReplies, type ReplySink } from './console-replies.ts';

export interface ConsoleSocketOptions {
  dataDir: string;
  /** Runs one line as the console at standard input does; resolves when the command is done. */
  run(line: string): Promise<void>;
  log: Logger;
}

export interface ConsoleSocket {
  readonly path: string;
  /** Tells each client the server is stopping, ends their connections and removes the socket. Safe to call twice. */
  close(): void;
}

/** Whether something accepts connections on the socket. */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createConnection(path);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Removes a socket left by a server that is gone; says why the path cannot be used otherwise. */
async function clearLeftover(path: string): Promise<string | undefined> {
  let isSocket: boolean;
  try {
    isSocket = lstatSync(path).isSocket();
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ENOENT' ? undefined : `it cannot be read: ${messageOf(e)}`;
  }
  if (!isSocket) return `a file that is not a socket is in its place; remove it and restart the server`;
  if (await answers(path)) return `another program listens on it`;
  rmSync(path, { force: true });
  return undefined;
}

/** Opens the socket; undefined (after one warning line) when it cannot be opened. */
export async function openConsoleSocket(o: ConsoleSocketOptions): Promise<ConsoleSocket | undefined> {
  const path = socketPath(o.dataDir);
  const problem = socketPathProblem(path) ?? (await clearLeftover(path));
  const notOpened = (why: string) => {
    o.log.warn(`The console socket ${path} is not open (${why}); npm run console cannot reach this server.`);
    return undefined;
  };
  if (problem !== undefined) return notOpened(problem);

  const connections = new Set<Socket>();
  let closed = false;

  const runLine = async (line: string, sink: ReplySink, send: (m: ServerMessage) => void) => {
    if (closed) return;
    // As at standard input, the command itself is not logged; what it prints is.
    if (line.trim() !== '') {
      try {
        await runWithReplies(sink, () => o.run(line));
      } catch (e) {
        o.log.error(`the console command from ${SOCKET_FILE} failed`, e);
      }
    }
    send({ kind: 'done' });
  };

  // allowHalfOpen: the client's end of writing means "no more commands", not "stop answering".
  const server = createServer({ allowHalfOpen: true }, (socket) => {
    if (closed) return void socket.destroy();
    connections.add(socket);
    socket.setEncoding('utf8');
    // A client that goes away mid-command: its command still runs; its answer has nowhere to go.
    socket.on('error', () => undefined);
    socket.on('close', () => connections.delete(socket));
    const send = (m: ServerMessage) => {
      if (socket.writable) socket.write(encodeMessage(m));
    };
    const sink: ReplySink = { send: (level, text) => send({ kind: 'line', level, text }) };
    let queue = Promise.resolve();
    const lines = lineSplitter(
      MAX_LINE,
      (line) => (queue = queue.then(() => runLine(line, sink, send))),
      () => {
        send({ kind: 'refused', text: `A command line was longer than ${MAX_LINE} characters; the connection is closed.` });
        socket.end();
      },
    );
    socket.on('data', (chunk: Buffer | string) => lines.push(chunk.toString()));
    socket.on('end', () => {
      lines.end();
      void queue.then(() => socket.end());
    });
  });

  // The socket is made in a folder of its own, which only this user can enter (mkdtemp makes it
  // 0700), made owner-only there, and then moved into place: nobody else can connect in between.
  // (Its path, `<data>/.cs-XXXXXX/s`, is no longer than the final one.)
  let staging: string;
  try {
    staging = mkdtempSync(join(o.dataDir, '.cs-'));
  } catch (e) {
    return notOpened(messageOf(e));
  }
  const listening = new Promise<Error | undefined>((resolve) => {
    server.once('listening', () => resolve(undefined));
    server.once('error', resolve);
  });
  server.listen(join(staging, 's'));
  let inode: number | undefined;
  let failed = await listening;
  if (failed === undefined) {
    try {
      chmodSync(join(staging, 's'), 0o600);
      renameSync(join(staging, 's'), path);
      inode = lstatSync(path).ino;
    } catch (e) {
      failed = e as Error;
      server.close();
    }
  }
  rmSync(staging, { recursive: true, force: true });
  if (failed !== undefined || inode === undefined) return notOpened(messageOf(failed));
  server.on('error', (e) => o.log.error(`the console socket ${path} failed`, e));

  /** Removes the socket unless another has taken its place. */
  const remove = () => {
    try {
      if (lstatSync(path).ino === inode) rmSync(path, { force: true });
    } catch {
      // already gone
    }
  };
  process.once('exit', remove);

  return {
    path,
    close() {
      if (closed) return;
      closed = true;
      for (const socket of connections) {
        if (socket.writable) socket.write(encodeMessage({ kind: 'stopping', text: 'The server is stopping.' }));
        socket.end();
      }
      server.close();
      remove();
      process.off('exit', remove);
    },
  };
}
