// A write route's call that the service declined (ok:false: not-found, insufficient-funds,
// already-in-state…) leaves one audit entry with its code, recorded here for every row alike
// (docs/reliability.md, "Audit"): action `core-rest.declined`, the token's actor, the player of the
// path as target (null for a route without one), and the route, its path parameters, the code and
// the message as details. A successful call is audited by the service itself, in its own
// transaction; a declined one applied nothing, so it is not in the service's audit, and nothing is
// written twice. History (`GET /players/{uuid}/history`, /history) leaves these entries out: it
// lists what was done to a player (src/core/log/audit.ts).

import { DECLINED_SUFFIX } from '../core/log/audit.ts';
import type { CoreApi } from '../core/kernel/api.ts';
import type { Logger } from '../core/log/log.ts';
import type { Failure } from '../core/kernel/result.ts';
import type { RouteDefinition, RouteInput } from '../core/kernel/routes.ts';

export const DECLINED_ACTION = `core-rest${DECLINED_SUFFIX}`;

/** Records the declined call; a failure to record is logged (the answer stands: nothing was applied). */
export async function auditDeclined(api: CoreApi, log: Logger, row: RouteDefinition, input: RouteInput, failure: Failure): Promise<void> {
  const params = input.params as Record<string, unknown>;
  const uuid = params.uuid;
  try {
    await api.audit.record({
      actor: input.actor,
      action: DECLINED_ACTION,
      target: typeof uuid === 'string' ? uuid : null,
      details: { route: row.name, params, code: failure.code, message: failure.message },
    });
  } catch (e) {
    log.error(`${row.name}: could not audit a declined call (${failure.code})`, e);
  }
}
