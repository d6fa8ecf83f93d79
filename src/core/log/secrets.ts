// The shape of the Remote Access Service's secrets (src/rest/tokens.ts issues them), known here so
// that the logs can keep them out (docs/reliability.md, "Secrets"): every line of the server log and
// every path of the access log goes through `maskSecrets` before it is written. The one line meant
// to show a secret, the console's answer to `coreapi token create`, is a console-only log record
// (src/core/log/log.ts), shown on standard output and never written to a file.

/** Every secret starts with it, so that secret scanners (and the masking below) spot one. */
export const SECRET_PREFIX = 'crs_';

/** The prefix and at least 8 base64url characters: a whole secret, or enough of one to matter. */
const SECRET_SHAPE = /crs_[A-Za-z0-9_-]{8,}/g;

/** The text with anything shaped like a secret replaced by `crs_…`; the same string when none is. */
export function maskSecrets(text: string): string {
  return text.includes(SECRET_PREFIX) ? text.replace(SECRET_SHAPE, `${SECRET_PREFIX}…`) : text;
}
