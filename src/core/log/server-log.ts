// The server's log as main.ts wires it: every line to the console and to logs/latest.log in the data
// folder, in the format of --log-format. The file opens only once the data folder is the server's
// (another server may hold it), so the lines logged before are kept and written to it first.
// No line holds a secret: anything shaped like one is masked before it is written anywhere, and the
// console-only lines (the one reply that shows a secret) never reach the file.

import { join } from 'node:path';
import { createConsoleSink, type ConsoleStream, type ConsoleWriter } from './log-console.ts';
import { openRollingLogFile, type RollingLogFile } from './log-file.ts';
import { createRenderer, type LogFormat } from './log-format.ts';
import { createLogger, type LogRecord, type Logger } from './log.ts';
import { maskSecrets } from './secrets.ts';
import { messageOf } from '../text/sentence.ts';

export interface ServerLogOptions {
  format: LogFormat;
  now?: () => Date;
  stdout?: ConsoleStream;
  stderr?: ConsoleStream;
}

export interface ServerLog {
  readonly log: Logger;
  /** Opens `<dataDir>/logs/latest.log` (archiving one left by an earlier run); throws with a one-line message. */
  openFile(dataDir: string): void;
  /** Console lines go through the interactive console from now on (see src/console.ts). */
  setConsoleWriter(writer: ConsoleWriter | undefined): void;
  /** Writes every line logged so far to the file and closes it; call it last before a clean exit. */
  close(): Promise<void>;
}

// Enough for every line of a start-up; a server that cannot open its file keeps the console.
const MAX_EARLY_LINES = 2000;

export function createServerLog(options: ServerLogOptions): ServerLog {
  const now = options.now ?? (() => new Date());
  const renderLine = createRenderer(options.format);
  const render = (record: LogRecord) => (record.consoleOnly ? renderLine(record) : maskSecrets(renderLine(record)));
  let file: RollingLogFile | undefined;
  let early: Array<{ line: string; time: Date }> | undefined = [];

  const toFile = (record: LogRecord) => {
    if (record.consoleOnly) return;
    const line = render(record);
    if (file) file.write(line, record.time);
    else if (early && early.length < MAX_EARLY_LINES) early.push({ line, time: record.time });
  };
  const consoleSink = createConsoleSink({
    render,
    stdout: options.stdout,
    stderr: options.stderr,
    onBroken: (stream, error) => {
      const code = (error as { code?: unknown } | undefined)?.code;
      toFile({
        time: now(),
        level: 'warn',
        name: '',
        msg: `${stream} is closed${typeof code === 'string' ? ` (${code})` : ''}: its log lines now go to logs/latest.log only.`,
      });
    },
  });
  const log = createLogger(
    {
      write: (record) => {
        consoleSink.write(record);
        toFile(record);
      },
    },
    '',
    now,
  );

  return {
    log,
    setConsoleWriter: (writer) => consoleSink.setWriter(writer),
    openFile(dataDir) {
      if (file) return;
      const dir = join(dataDir, 'logs');
      try {
        file = openRollingLogFile({
          dir,
          fileName: 'latest.log',
          archivePrefix: '',
          now,
          // Not through `log`: a failing file must not be written to about itself.
          onError: (message, error) =>
            consoleSink.write({ time: now(), level: 'error', name: '', msg: `log file: ${message}: ${messageOf(error)}` }),
        });
      } catch (e) {
        throw new Error(`cannot open the log file in ${dir}: ${messageOf(e)}`, { cause: e });
      }
      for (const { line, time } of early ?? []) file.write(line, time);
      early = undefined;
      // A start that fails calls process.exit; what it logged still reaches the file.
      const opened = file;
      process.once('exit', () => opened.flushSync());
    },
    async close() {
      await file?.close();
    },
  };
}
