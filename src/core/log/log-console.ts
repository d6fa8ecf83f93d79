// Log lines on the console: info and warnings to standard output, errors to standard error.
// A console stream can break under the server: `npm start | head -2`, or a Ctrl-C that also ends
// `tee`. Its write then fails with EPIPE, asynchronously, as an 'error' event; without a listener
// that event is an uncaught exception, whose log line fails the same way, thousands of times a
// second. So each stream gets a listener, and a broken stream is never written to again: its
// failure is reported elsewhere (the log file), never to the stream itself.

import { renderText, type LogRecord, type LogSink } from './log.ts';

/** What the console sink writes to: process.stdout and process.stderr, or a test's streams. */
export interface ConsoleStream {
  write(chunk: string): boolean;
  on(event: 'error', listener: (error: Error) => void): unknown;
  readonly destroyed?: boolean;
  readonly writableEnded?: boolean;
}

export interface ConsoleSinkOptions {
  render?: (record: LogRecord) => string;
  stdout?: ConsoleStream;
  stderr?: ConsoleStream;
  /** Told once per stream, when it breaks. */
  onBroken?: (stream: 'standard output' | 'standard error', error: unknown) => void;
}

/** Writes a line's text to a console stream; the interactive console keeps its prompt around it. */
export type ConsoleWriter = (stream: ConsoleStream, text: string) => void;

export interface ConsoleSink extends LogSink {
  /** Routes the writes through the console (undefined: straight to the streams). */
  setWriter(writer: ConsoleWriter | undefined): void;
}

export function createConsoleSink(options: ConsoleSinkOptions = {}): ConsoleSink {
  const render = options.render ?? renderText;
  let writer: ConsoleWriter | undefined;
  const guard = (stream: ConsoleStream, name: 'standard output' | 'standard error') => {
    let broken = false;
    const breakOnce = (e: unknown) => {
      if (broken) return;
      broken = true;
      options.onBroken?.(name, e);
    };
    // Kept for the life of the process: every writer of the stream (readline's prompt, console.log
    // in a library) fails the same way once it is closed, and none of them may crash the server.
    stream.on('error', breakOnce);
    return (line: string) => {
      if (broken) return;
      if (stream.destroyed || stream.writableEnded) return breakOnce(new Error(`${name} is closed`));
      try {
        if (writer) writer(stream, line + '\n');
        else stream.write(line + '\n');
      } catch (e) {
        breakOnce(e);
      }
    };
  };
  const out = guard(options.stdout ?? process.stdout, 'standard output');
  const err = guard(options.stderr ?? process.stderr, 'standard error');
  return {
    write: (record) => (record.level === 'error' ? err : out)(render(record)),
    setWriter: (w) => (writer = w),
  };
}
