// The Remote Access Service behind the nginx configuration the project ships
// (deploy/nginx/core-rest.conf), as an operator deploys it: real nginx with TLS in front of the real
// server, rest.conf trusting the proxy on loopback. Only ports, certificate paths and the upstream
// are changed in the shipped file. Clients connect from 127.0.0.2 and 127.0.0.3 (all of 127.0.0.0/8
// is this machine), so the failed-login limit can be seen telling them apart through the proxy.
// Without trusted-proxies every client behind a proxy shares one bucket: src/rest/client-address.test.ts.

import assert from 'node:assert/strict';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, before, describe, it } from 'node:test';
import WebSocket from 'ws';
import { waitFor } from './support/bots.ts';
import { startRestServer, type RestServer } from './support/rest-server.ts';
import { assertAnswer } from '../support/schema-checks.ts';
import { freePorts } from '../support/free-ports.ts';

const ROOT = resolve(import.meta.dirname, '../..');
const NGINX = '/usr/sbin/nginx';
/** Failed logins (and requests per token) a minute: small, so the budget is spent in a few requests. */
const LIMIT = 5;


/** The shipped file with one text replaced; fails when the file no longer holds it exactly once. */
function replaceOnce(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length - 1, 1, `deploy/nginx/core-rest.conf holds "${from}" once`);
  return text.replace(from, to);
}

/** The shipped server blocks in the smallest nginx.conf around them, everything nginx writes in `dir`. */
function renderNginxConf(dir: string, ports: { https: number; http: number; upstream: number }): string {
  let site = readFileSync(join(ROOT, 'deploy/nginx/core-rest.conf'), 'utf8');
  site = replaceOnce(site, 'listen 443 ssl;', `listen 127.0.0.1:${ports.https} ssl;`);
  site = replaceOnce(site, 'listen 80;', `listen 127.0.0.1:${ports.http};`);
  site = replaceOnce(site, '/etc/ssl/certs/core-rest.crt', join(dir, 'cert.pem'));
  site = replaceOnce(site, '/etc/ssl/private/core-rest.key', join(dir, 'key.pem'));
  site = replaceOnce(site, 'server 127.0.0.1:8123;', `server 127.0.0.1:${ports.upstream};`);
  const temp = (name: string) => `${name}_temp_path ${join(dir, `${name}-temp`)};`;
  return [
    'daemon off;',
    // Workers run as an unprivileged user when nginx starts as root; they read the temp folder.
    ...(process.getuid?.() === 0 ? ['user root;'] : []),
    'worker_processes 1;',
    `pid ${join(dir, 'nginx.pid')};`,
    `error_log ${join(dir, 'error.log')} info;`,
    'events { worker_connections 256; }',
    'http {',
    `access_log ${join(dir, 'access.log')};`,
    ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp),
    site,
    '}',
    '',
  ].join('\n');
}

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  // biome-ignore lint: a test reads any field of the answer.
  json: any;
}

describe('the Remote Access Service behind the shipped nginx configuration', () => {
  let dir: string;
  let cert: Buffer;
  let rs: RestServer | undefined;
  let nginx: ChildProcess | undefined;
  let nginxExit: Promise<void> | undefined;
  let nginxOutput = '';
  let https = 0;
  let plain = 0;
  let reader: string;
  let writer: string;
  const sockets: WebSocket[] = [];

  /** One request to nginx over HTTPS, trusting the test's certificate, from `localAddress`. */
  function call(method: string, path: string, o: { token?: string; body?: string; from?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
    return new Promise((done, fail) => {
      const headers: Record<string, string> = { ...(o.headers ?? {}) };
      if (o.token !== undefined) headers.authorization = `Bearer ${o.token}`;
      if (o.body !== undefined) headers['content-type'] = 'application/json';
      const req = httpsRequest(
        { host: '127.0.0.1', port: https, method, path, headers, ca: cert, agent: false, ...(o.from ? { localAddress: o.from } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = text;
            }
            done({ status: res.statusCode ?? 0, headers: res.headers, json });
          });
        },
      );
      req.on('error', fail);
      req.end(o.body);
    });
  }

  /** A request the shipped answers promise (openapi.json): checked against its schema. */
  async function checked(method: 'GET' | 'POST', path: string, o: { token?: string; body?: string; from?: string } = {}): Promise<Answer> {
    const a = await call(method, `/api/v1${path}`, o);
    assertAnswer(method, path, a.status, a.json);
    return a;
  }

  async function stopNginx(): Promise<void> {
    if (nginx === undefined || nginxExit === undefined) return;
    const child = nginx;
    nginx = undefined;
    if (child.exitCode === null && child.signalCode === null) {
      // SIGTERM is nginx's fast shutdown: the master stops its workers, then exits.
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await nginxExit;
      clearTimeout(timer);
    }
  }

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'core-nginx-'));
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
      '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1',
    ], { stdio: 'pipe' });
    cert = readFileSync(join(dir, 'cert.pem'));

    rs = await startRestServer({ requestsPerMinute: LIMIT, trustedProxies: ['127.0.0.1', '::1'] });
    reader = await rs.token('reader', 'read');
    writer = await rs.token('writer', 'read,write,events');

    [https, plain] = (await freePorts(2)) as [number, number];
    const conf = join(dir, 'nginx.conf');
    writeFileSync(conf, renderNginxConf(dir, { https, http: plain, upstream: rs.restPort }));
    const child = spawn(NGINX, ['-p', dir, '-e', join(dir, 'error.log'), '-c', conf], { stdio: ['ignore', 'pipe', 'pipe'] });
    nginx = child;
    nginxExit = new Promise((done) => {
      child.once('exit', () => done());
      // No nginx at that path (npm test's pretest installs it): said below, with the rest of its output.
      child.once('error', (e) => {
        nginxOutput += `${e.message}\n`;
        done();
      });
    });
    child.stdout?.on('data', (c: Buffer) => (nginxOutput += c));
    child.stderr?.on('data', (c: Buffer) => (nginxOutput += c));
    // Ready once it accepts on the HTTPS port; a configuration nginx refuses ends the process instead.
    const accepts = () =>
      new Promise<boolean>((done) => {
        const s = connect(https, '127.0.0.1');
        s.once('connect', () => (s.destroy(), done(true)));
        s.once('error', () => done(false));
      });
    const end = Date.now() + 10_000;
    while (!(await accepts())) {
      if (child.exitCode !== null || child.pid === undefined || Date.now() > end) {
        const log = existsSync(join(dir, 'error.log')) ? readFileSync(join(dir, 'error.log'), 'utf8') : '';
        throw new Error(`nginx did not start: ${nginxOutput}${log}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  });

  after(async () => {
    for (const ws of sockets) ws.terminate();
    try {
      await stopNginx();
    } finally {
      try {
        await rs?.stop();
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });

  it('answers a read, a write and a 401 in the envelope over HTTPS, and the service its own 413', async () => {
    const status = await checked('GET', '/status', { token: reader });
    assert.deepEqual([status.status, status.json.ok, status.json.data['api-version']], [200, true, 'v1']);
    assert.equal(status.headers['ratelimit-limit'], String(LIMIT));

    const warp = await checked('POST', '/warps/proxied/create', { token: writer, body: JSON.stringify({ location: { world: 'world', x: 0.5, y: 100, z: 0.5 } }) });
    assert.deepEqual([warp.status, warp.json.ok, warp.json.data?.name], [200, true, 'proxied'], JSON.stringify(warp.json));

    const refused = await checked('GET', '/status');
    assert.deepEqual([refused.status, refused.json.ok, refused.json.code], [401, false, 'unauthorized']);
    assert.match(String(refused.headers['www-authenticate']), /^Bearer, Basic realm="core-rest"$/);

    // Over the service's 64 KiB, under nginx's limit: the service's own answer, in its envelope.
    const big = await call('POST', '/api/v1/warps/big/create', { token: writer, body: JSON.stringify({ pad: 'x'.repeat(100 * 1024) }) });
    assert.deepEqual([big.status, big.json.code], [413, 'payload-too-large']);
  });

  it('redirects plain HTTP to HTTPS', async () => {
    const a = await new Promise<Answer>((done, fail) => {
      const req = httpRequest({ host: '127.0.0.1', port: plain, path: '/api/v1/status', headers: { host: 'api.example.com' }, agent: false }, (res) => {
        res.resume();
        done({ status: res.statusCode ?? 0, headers: res.headers, json: null });
      });
      req.on('error', fail);
      req.end();
    });
    assert.deepEqual([a.status, a.headers.location], [301, 'https://api.example.com/api/v1/status']);
  });

  it('carries the event stream over wss: an event caused by a REST write arrives, and the subscriber is listed under its own address', async () => {
    const ws = new WebSocket(`wss://127.0.0.1:${https}/api/v1/events`, { ca: cert, localAddress: '127.0.0.3', headers: { authorization: `Bearer ${writer}` } });
    sockets.push(ws);
    const messages: Array<{ event: string; data?: Record<string, unknown> }> = [];
    ws.on('message', (m) => messages.push(JSON.parse(String(m))));
    await new Promise<void>((done, fail) => {
      ws.once('open', () => done());
      ws.once('unexpected-response', (_req, res) => fail(new Error(`handshake answered ${res.statusCode}`)));
      ws.once('error', fail);
    });
    await waitFor(() => messages.some((m) => m.event === 'connected'), 'connected');
    ws.send(JSON.stringify({ subscribe: ['warp.*'] }));
    await waitFor(() => messages.some((m) => m.event === 'subscribed'), 'subscribed');

    const warp = await checked('POST', '/warps/streamed/create', { token: writer, body: JSON.stringify({ location: { world: 'world', x: 1.5, y: 100, z: 1.5 } }) });
    assert.equal(warp.json.ok, true, JSON.stringify(warp.json));
    await waitFor(() => messages.some((m) => m.event === 'warp.create' && m.data?.name === 'streamed'), 'warp.create through the proxy');

    const status = await rs!.console('coreapi status', /- writer from /);
    assert.match(status, /- writer from 127\.0\.0\.3 since /, 'not from nginx\'s 127.0.0.1');
    ws.close();
  });

  it('throttles failed logins per client behind the proxy: 127.0.0.2 spends its budget, 127.0.0.3 keeps its own, a forged X-Forwarded-For changes nothing', async () => {
    // The budget is per clock minute: start with room to spend it all in the same one.
    const left = 60_000 - (Date.now() % 60_000);
    if (left < 15_000) await new Promise((r) => setTimeout(r, left + 200));

    const wrong = { token: 'crs_wrong' };
    for (let i = 0; i < LIMIT; i++) assert.equal((await checked('GET', '/status', { ...wrong, from: '127.0.0.2' })).status, 401, `failure ${i + 1}`);
    const spent = await checked('GET', '/status', { ...wrong, from: '127.0.0.2' });
    assert.deepEqual([spent.status, spent.json.code], [429, 'rate-limited']);
    assert.ok(Number(spent.headers['retry-after']) > 0);

    // The client claims to be 127.0.0.3; nginx appends what it saw, and the service reads that.
    const forged = await call('GET', '/api/v1/status', { ...wrong, from: '127.0.0.2', headers: { 'x-forwarded-for': '127.0.0.3' } });
    assert.equal(forged.status, 429, 'a forged X-Forwarded-For does not reach another bucket');

    const other = await checked('GET', '/status', { ...wrong, from: '127.0.0.3' });
    assert.deepEqual([other.status, other.json.code], [401, 'unauthorized'], 'another client behind the same proxy is not throttled');

    // The event stream's handshake is counted under the same address.
    const ws = new WebSocket(`wss://127.0.0.1:${https}/api/v1/events`, { ca: cert, localAddress: '127.0.0.2', headers: { authorization: 'Bearer crs_wrong' } });
    sockets.push(ws);
    const handshake = await new Promise<number>((done, fail) => {
      ws.once('unexpected-response', (_req, res) => (res.resume(), done(res.statusCode ?? 0)));
      ws.once('open', () => done(101));
      ws.once('error', fail);
    });
    assert.equal(handshake, 429);

    const accessFile = join(rs!.server.dataDir, 'logs', 'access.log');
    const access = () => (existsSync(accessFile) ? readFileSync(accessFile, 'utf8') : '');
    await waitFor(() => /^127\.0\.0\.2 - - \[[^\]]+\] "GET \/api\/v1\/events" 429 /m.test(access()), 'the handshake from 127.0.0.2 in logs/access.log');
    const lines = access().split('\n');
    assert.equal(lines.filter((l) => /^127\.0\.0\.2 - - .*"GET \/api\/v1\/status" 401 .*"unknown token"$/.test(l)).length, LIMIT);
    assert.equal(lines.filter((l) => /^127\.0\.0\.2 - - .*"GET \/api\/v1\/status" 429 /.test(l)).length, 2);
    assert.equal(lines.filter((l) => /^127\.0\.0\.3 - - .*"GET \/api\/v1\/status" 401 /.test(l)).length, 1);
  });
});
