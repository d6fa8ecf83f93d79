// The server console on standard input (docs/running-the-server.md, "The console"). Each line is a
// command, run one after the other in the order typed or piped. A terminal gets a `> ` prompt and
// Ctrl-C stops the server (in a terminal, readline reads Ctrl-C as a key, so the process gets no
// SIGINT: the console turns it into the same stop). Without a terminal (a pipe, a file, a service
// manager's /dev/null) there is no prompt, nothing is echoed, and the end of input stops nothing.

import { clearLine, createInterface, cursorTo } from 'node:readline';

export interface ConsoleOptions {
  input: NodeJS.ReadableStream & { isTTY?: boolean };
  output: NodeJS.WritableStream & { isTTY?: boolean };
  /** Runs one console line; the next line waits for it. */
  run(line: string): Promise<void>;
  /** Ctrl-C at the terminal. */
  interrupt(): void;
}

export interface ServerConsole {
  /** Whether a person types at a terminal (a prompt is shown). */
  readonly interactive: boolean;
  /**
   * Writes log text to a stream without breaking the line being typed: in a terminal the prompt
   * line is cleared first and drawn again after, with what was typed so far.
   */
  write(stream: { write(text: string): unknown }, text: string): void;
  close(): void;
}

export function openConsole(options: ConsoleOptions): ServerConsole {
  const interactive = options.input.isTTY === true && options.output.isTTY === true;
  const rl = createInterface({
    input: options.input,
    output: interactive ? options.output : undefined,
    terminal: interactive,
    prompt: '> ',
  });
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  rl.on('line', (line) => {
    queue = queue.then(() => options.run(line)).catch(() => undefined);
    if (interactive) void queue.then(() => !closed && rl.prompt(true));
  });
  rl.on('SIGINT', () => options.interrupt());
  rl.on('close', () => (closed = true));
  if (interactive) rl.prompt();

  return {
    interactive,
    write(stream, text) {
      if (!interactive || closed) {
        stream.write(text);
        return;
      }
      clearLine(options.output, 0);
      cursorTo(options.output, 0);
      stream.write(text);
      rl.prompt(true);
    },
    close() {
      if (closed) return;
      closed = true;
      // The prompt and what was typed after it go; the lines that follow start on a clean line.
      if (interactive) {
        clearLine(options.output, 0);
        cursorTo(options.output, 0);
      }
      rl.close();
    },
  };
}
