// `npm test` runs this first (the `pretest` script): the reverse-proxy test needs nginx, the web
// panel's browser test Chromium and the network tests redis-server, all from Debian's packages.
// When one is missing and this runs as root on a machine with apt-get, it installs them; otherwise
// it says what to install and fails, so that no test fails later for a reason it cannot name.

import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const SYSTEM_PACKAGES = [
  { name: 'nginx', binary: '/usr/sbin/nginx', usedBy: 'test/e2e/reverse-proxy.e2e.test.ts' },
  { name: 'chromium', binary: '/usr/bin/chromium', usedBy: 'the web panel example (examples/web-panel)' },
  { name: 'redis-server', binary: '/usr/bin/redis-server', usedBy: 'the network tests, which start Redis servers of their own (test/e2e/network-redis.e2e.test.ts)' },
] as const;

const missing = SYSTEM_PACKAGES.filter((p) => !existsSync(p.binary));
if (missing.length > 0) {
  const names = missing.map((p) => p.name);
  const root = process.getuid?.() === 0;
  if (!root || !existsSync('/usr/bin/apt-get')) {
    process.stderr.write(
      `The tests need these system packages, which are not installed: ${names.join(', ')}.\n` +
        missing.map((p) => `  ${p.name} (${p.binary}), for ${p.usedBy}\n`).join('') +
        `Install them (on Debian: sudo apt-get install ${names.join(' ')}) and run npm test again.\n`,
    );
    process.exit(1);
  }
  process.stdout.write(`Installing ${names.join(', ')} from Debian's packages (needed by the tests)...\n`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', ...names], { stdio: 'inherit', env });
}
