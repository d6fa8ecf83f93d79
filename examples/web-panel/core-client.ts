// The panel backend's side of the Remote Access Service's REST API: it holds the token and is the
// only part of the panel that sends it. Answers are unwrapped from the service's envelope
// ({ ok, data } / { ok: false, code, message }), so callers see data or a CoreError.

export class CoreError extends Error {
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface CoreClient {
  /** The service's origin and prefix, e.g. http://127.0.0.1:8123/api/v1 (no token in it). */
  readonly apiUrl: string;
  /** GET /api/v1<path>: the `data` of a success; a declined answer or an HTTP error throws CoreError. */
  get<T>(path: string): Promise<T>;
  /** GET /api/v1<path> answered as plain text (the metrics scrape). */
  getText(path: string): Promise<string>;
}

const TIMEOUT_MS = 5000;

/** `CORE_URL` may be given with or without the /api/v1 prefix. */
export function apiUrlOf(coreUrl: string): string {
  const base = coreUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${base}/api/v1`;
}

export function createCoreClient(coreUrl: string, token: string): CoreClient {
  const apiUrl = apiUrlOf(coreUrl);
  const headers = { authorization: `Bearer ${token}` };

  async function fetchOk(path: string, accept: string): Promise<Response> {
    const answer = await fetch(`${apiUrl}${path}`, { headers: { ...headers, accept }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (!answer.ok) {
      const body = (await answer.json().catch(() => null)) as { code?: unknown; message?: unknown } | null;
      const code = typeof body?.code === 'string' ? body.code : `http-${answer.status}`;
      const message = typeof body?.message === 'string' ? body.message : `${answer.status} ${answer.statusText}`;
      throw new CoreError(answer.status, code, `GET ${path}: ${message}`);
    }
    return answer;
  }

  return {
    apiUrl,
    async get<T>(path: string): Promise<T> {
      const body = (await (await fetchOk(path, 'application/json')).json()) as { ok: boolean; data?: T; code?: string; message?: string };
      if (!body.ok) throw new CoreError(200, body.code ?? 'failed', `GET ${path}: ${body.message ?? 'declined'}`);
      return body.data as T;
    },
    async getText(path: string): Promise<string> {
      return (await fetchOk(path, 'text/plain')).text();
    },
  };
}
