// autocannon in a process of its own: a load generator at full rate keeps its process's loop busy,
// so a figure that also drives bots (figure 4, ticks) runs it apart, where it cannot starve the
// bots of their turn to read what the server sends them. `nice` lowers its priority: it stands for
// clients on other machines and should take the CPU the server leaves, not the server's share.
//
//   const r = await autocannonApart({ url, connections, duration, headers }, { nice: 10 });
//
// Run as a script (by autocannonApart), it takes the options as JSON in argv[2] and prints the result.

import { spawn } from 'node:child_process';
import autocannon, { type Options, type Result } from 'autocannon';

export async function autocannonApart(options: Options, o: { nice?: number } = {}): Promise<Result> {
  const script = new URL(import.meta.url).pathname;
  const args = [process.execPath, script, JSON.stringify(options)];
  const [command, ...rest] = o.nice ? ['nice', '-n', String(o.nice), ...args] : args;
  const child = spawn(command!, rest, { stdio: ['ignore', 'pipe', 'inherit'] });
  let out = '';
  child.stdout!.on('data', (c: Buffer) => (out += c.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`autocannon exited with ${code}`);
  return JSON.parse(out) as Result;
}

if (process.argv[1] === new URL(import.meta.url).pathname) {
  const result = await autocannon(JSON.parse(process.argv[2]!) as Options);
  process.stdout.write(JSON.stringify(result));
}
