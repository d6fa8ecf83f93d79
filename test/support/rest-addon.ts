// The Remote Access Service on a test kernel, over real HTTP: rest.conf switched on at port 0, every
// answer checked against its route's schema, tokens issued through the console command as an
// operator would. For unit tests of route rows; e2e tests use test/e2e/support/rest-server.ts.

import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRestAddon, type RestAddon } from '../../src/rest/addon.ts';
import { plain } from './fake-platform.ts';
import type { TestKernel } from './test-kernel.ts';

export interface KernelAddon {
  addon: RestAddon;
  port: number;
  /** Issues a token at the console and answers its secret. */
  token(label: string, scopes: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startKernelAddon(t: TestKernel, conf = 'enabled = true\nport = 0\n'): Promise<KernelAddon> {
  const configDir = join(t.dir, 'core-rest');
  mkdirSync(configDir, { recursive: true });
  writeFileSync(join(configDir, 'rest.conf'), conf);
  const addon = await startRestAddon({
    configDir,
    database: t.database,
    api: t.kernel.api,
    modules: t.kernel.modules,
    events: t.events,
    commands: t.kernel.commands,
    clock: t.clock,
    log: t.log,
    version: '0.0.0-test',
    serverName: 'test',
    tuning: { checkAnswers: true },
  });
  return {
    addon,
    port: addon.listening?.port ?? 0,
    async token(label, scopes) {
      await t.platform.run('console', `coreapi token create ${label} ${scopes}`);
      const secret = t.platform.consoleLines.map(plain).join('\n').match(new RegExp(`Token ${label} created.*Secret: (crs_\\S+)`))?.[1];
      if (!secret) throw new Error(`no secret for ${label}`);
      return secret;
    },
    stop: () => addon.stop(),
  };
}
