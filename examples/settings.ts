// The examples take their settings from environment variables (a token stays out of the process
// list that way). What a person may still type after `npm run example:… --` is `--help`, which
// prints the settings; any other argument is refused with that same text rather than ignored, and a
// setting with a value that cannot work is named before anything starts.

export interface SettingsOutput {
  log(text: string): void;
  error(text: string): void;
  exit(code: number): void;
}

const PROCESS_OUTPUT: SettingsOutput = { log: console.log, error: console.error, exit: process.exit };

/** Handles an example's command line: returns when it holds no argument; prints and exits otherwise. */
export function checkArguments(usage: string, argv: readonly string[] = process.argv.slice(2), out: SettingsOutput = PROCESS_OUTPUT): void {
  if (argv.length === 0) return;
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    out.log(usage);
    out.exit(0);
    return;
  }
  out.error(`Unknown argument ${argv.map((a) => JSON.stringify(a)).join(' ')}: this example takes its settings from environment variables.\n\n${usage}`);
  out.exit(1);
}

/** The port in the variable `name` (`fallback` when unset; 0 picks a free one); a value that is not a port is said, and the process exits 1. */
export function portSetting(name: string, fallback: number, env: NodeJS.ProcessEnv = process.env, out: SettingsOutput = PROCESS_OUTPUT): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const port = /^\d{1,5}$/.test(text.trim()) ? Number(text.trim()) : NaN;
  if (Number.isInteger(port) && port <= 65535) return port;
  out.error(`${name} must be a port number from 0 to 65535 (0 picks a free one), not ${JSON.stringify(text)}.`);
  out.exit(1);
  return fallback;
}
