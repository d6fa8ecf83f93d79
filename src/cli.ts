// The command line of `npm start` (docs/decisions.md, "How the server runs"): flags, their defaults,
// and the help text. The words are read by node:util's parseArgs (src/cli-flags.ts).

import { readFlags, unknownFlag, type FlagDeclaration } from './cli-flags.ts';
import { LOG_FORMATS, type LogFormat } from './core/log/log-format.ts';

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

const FLAGS = {
  data: { takesValue: true },
  port: { takesValue: true },
  'online-mode': { takesValue: true },
  'log-format': { takesValue: true },
  debug: { takesValue: false },
  help: { takesValue: false, short: 'h' },
  version: { takesValue: false, short: 'v' },
} as const satisfies Record<string, FlagDeclaration>;

export function parseCli(argv: readonly string[]): CliOutcome {
  const options: ServerOptions = { dataDir: './data', port: 25565, onlineMode: true, logFormat: 'text', debug: false };
  const { readings, wordsAt, marked } = readFlags(argv, FLAGS);
  for (const r of readings) {
    if (r.kind === 'error') return r;
    const value = r.value;
    switch (r.name) {
      case 'help':
        return { kind: 'help', text: HELP };
      case 'version':
        return { kind: 'version' };
      case 'debug':
        options.debug = true;
        break;
      case 'data':
        options.dataDir = value;
        break;
      case 'port': {
        const n = Number(value);
        if (!/^\d+$/.test(value) || n > 65535) {
          return { kind: 'error', message: `--port must be a whole number from 0 to 65535, not "${value}".` };
        }
        options.port = n;
        break;
      }
      case 'online-mode':
        if (value !== 'true' && value !== 'false') {
          return { kind: 'error', message: `--online-mode must be true or false, not "${value}".` };
        }
        options.onlineMode = value === 'true';
        break;
      case 'log-format': {
        const format = LOG_FORMATS.find((f) => f === value);
        if (!format) return { kind: 'error', message: `--log-format must be text or json, not "${value}".` };
        options.logFormat = format;
        break;
      }
    }
  }
  // The server takes no words besides its flags (and so no `--` either).
  if (wordsAt < argv.length || marked) return { kind: 'error', message: unknownFlag(argv[marked ? wordsAt - 1 : wordsAt] ?? '') };
  return { kind: 'run', options };
}
