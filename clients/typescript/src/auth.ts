// The two credential forms the service accepts (docs/remote-access.md, "Authentication"): the
// token's secret as a Bearer token, or Basic with the token's label as user name and its secret as
// password (both must be of the same active token).

export type Auth = { bearer: string } | { basic: { label: string; secret: string } };

export function authorizationHeader(auth: Auth): string {
  if ('bearer' in auth) return `Bearer ${auth.bearer}`;
  // Labels and secrets are ASCII (a-z, 0-9, _, - and base64url), so btoa needs no UTF-8 step.
  return `Basic ${btoa(`${auth.basic.label}:${auth.basic.secret}`)}`;
}
