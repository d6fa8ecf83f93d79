// Log lines: info and warnings to standard output, errors to standard error (docs/decisions.md, "How the server runs").
// Never pass a secret to a logger.

export interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string, error?: unknown): void;
  /** A logger whose lines are prefixed with `[name]`. */
  child(name: string): Logger;
}

export interface LogSink {
  out(line: string): void;
  err(line: string): void;
}

const processSink: LogSink = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
};

function stamp(): string {
  return new Date().toISOString().slice(11, 19);
}

export function createLogger(sink: LogSink = processSink, prefix = ''): Logger {
  const p = prefix ? `[${prefix}] ` : '';
  return {
    info: (m) => sink.out(`${stamp()} INFO ${p}${m}`),
    warn: (m) => sink.out(`${stamp()} WARN ${p}${m}`),
    error: (m, e) => {
      sink.err(`${stamp()} ERROR ${p}${m}`);
      if (e !== undefined) sink.err(e instanceof Error ? (e.stack ?? e.message) : String(e));
    },
    child: (name) => createLogger(sink, prefix ? `${prefix}/${name}` : name),
  };
}

/** A logger that keeps its lines, for tests. */
export function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  const log = createLogger({ out: (l) => lines.push(l), err: (l) => lines.push(l) });
  return Object.assign(log, { lines });
}
