// A stand-in for the game's account service (Mojang's profile and session servers) on a local port:
// the accounts it knows, each with a skin texture, answered in the service's shapes. Point skins.conf
// at `profileUrl` and `sessionUrl`; `stop()` makes it unreachable (connection refused).

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeAccount {
  name: string;
  /** Undashed. */
  id: string;
  textureUrl: string;
}

export interface FakeAccountService {
  profileUrl: string;
  sessionUrl: string;
  /** The skins.conf lines that point at this service. */
  conf: string;
  /** Requests served, as "METHOD path". */
  requests: string[];
  stop(): Promise<void>;
  /** Lets the process end while it still listens (one started before a test's hooks, which may never run). */
  unref(): void;
}

/** The `textures` property value of a skin (base64 JSON naming the texture URL). */
export const textureValue = (url: string) => Buffer.from(JSON.stringify({ textures: { SKIN: { url } } })).toString('base64');
export const SIGNATURE = 'c2lnbmVkLWJ5LXRoZS1mYWtl';

export async function startFakeAccountService(accounts: readonly FakeAccount[]): Promise<FakeAccountService> {
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const url = new URL(req.url ?? '/', 'http://x');
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const byName = /^\/users\/profiles\/minecraft\/([^/]+)$/.exec(url.pathname);
    if (byName) {
      const a = accounts.find((x) => x.name.toLowerCase() === decodeURIComponent(byName[1]!).toLowerCase());
      return a ? send(200, { id: a.id, name: a.name }) : send(404, { errorMessage: 'not found' });
    }
    const byId = /^\/session\/minecraft\/profile\/([0-9a-f]{32})$/.exec(url.pathname);
    if (byId) {
      const a = accounts.find((x) => x.id === byId[1]);
      if (!a) return send(204);
      return send(200, { id: a.id, name: a.name, properties: [{ name: 'textures', value: textureValue(a.textureUrl), signature: SIGNATURE }] });
    }
    send(404);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const profileUrl = `${base}/users/profiles/minecraft/{name}`;
  const sessionUrl = `${base}/session/minecraft/profile/{uuid}?unsigned=false`;
  return {
    profileUrl,
    sessionUrl,
    conf: `profile-url = "${profileUrl}"\nsession-url = "${sessionUrl}"\ntimeout-seconds = 2\n`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    unref: () => void server.unref(),
  };
}
