// The command line of `npm start` (docs/decisions.md, "How the server runs"): flags, their defaults, and the help text.

import { LOG_FORMATS, type LogFormat } from './core/log-format.ts';

export interface ServerOptions {
  dataDir: string;
  port: number;
  onlineMode: boolean;
  logFormat: LogFormat;
  /** Start-up failures are printed with their stack. */
  debug: boolean;
}

export type CliOutcome =
  | { kind: 'run'; options: ServerOptions }
  | { kind: 'help'; text: string }
  | { kind: 'version' }
  | { kind: 'error'; message: string };

export const HELP = `Usage: npm start -- [flags]

Starts the Minecraft 1.21.4 server with the Core essentials plugin and its
Remote Access Service add-on.

Flags:
  --data DIR              data folder (default ./data): core/ holds the plugin's
                          config and database, core-rest/rest.conf the add-on's
                          config, world/ the game world
  --port N                game port, 0 to 65535 (default 25565; 0 picks a free one)
  --online-mode BOOL      true or false (default true): verify players with the
                          game's account service; false for a server without
                          internet (logs a warning)
  --debug                 print the stack of a start-up failure after its
                          one-line message
  --log-format FORMAT     text or json (default text): the format of log lines
                          on the console and in logs/latest.log; json gives one
                          object a line for log shippers
  --version               print the product version and exit
  --help                  print this text and exit

The console (standard input) takes commands with or without a leading /;
type help to list them.`;

const FLAGS_WITH_VALUE = new Set(['--data', '--port', '--online-mode', '--log-format']);

export function parseCli(argv: readonly string[]): CliOutcome {
  const options: ServerOptions = { dataDir: './data', port: 25565, onlineMode: true, logFormat: 'text', debug: false };
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i] ?? '';
    const eq = raw.indexOf('=');
    const flag = raw.startsWith('--') && eq > 0 ? raw.slice(0, eq) : raw;
    if (flag === '--help' || flag === '-h') return { kind: 'help', text: HELP };
    if (flag === '--version' || flag === '-v') return { kind: 'version' };
    if (raw === '--debug') {
      options.debug = true;
      continue;
    }
    if (!FLAGS_WITH_VALUE.has(flag)) {
      return { kind: 'error', message: `Unknown flag "${raw}". Run with --help to list the flags.` };
    }
    let value: string | undefined;
    if (raw.startsWith('--') && eq > 0) value = raw.slice(eq + 1);
    else value = argv[++i];
    if (value === undefined || value === '') return { kind: 'error', message: `The flag ${flag} needs a value.` };
    switch (flag) {
      case '--data':
        options.dataDir = value;
        break;
      case '--port': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n > 65535) {
          return { kind: 'error', message: `--port must be a whole number from 0 to 65535, not "${value}".` };
        }
        options.port = n;
        break;
      }
      case '--online-mode':
        if (value !== 'true' && value !== 'false') {
          return { kind: 'error', message: `--online-mode must be true or false, not "${value}".` };
        }
        options.onlineMode = value === 'true';
        break;
      case '--log-format': {
        const format = LOG_FORMATS.find((f) => f === value);
        if (!format) return { kind: 'error', message: `--log-format must be text or json, not "${value}".` };
        options.logFormat = format;
        break;
      }
    }
  }
  return { kind: 'run', options };
}
