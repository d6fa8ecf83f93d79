// The player a published-API call names by uuid: the uuid in any form (dashed or not, any case),
// malformed input refused naming the field, and a player the server has never seen declined with
// not-found (docs/decisions.md, "HTTP behaviour").

import type { KnownPlayer, PlayersService } from '../kernel/api.ts';
import { InvalidInput } from '../values/invalid-input.ts';
import { fail, ok, type Result } from '../kernel/result.ts';
import { normalizeUuid } from './uuid.ts';

export async function knownPlayer(players: Pick<PlayersService, 'get'>, uuid: string, field = 'uuid'): Promise<Result<KnownPlayer>> {
  const id = normalizeUuid(uuid);
  if (!id) throw new InvalidInput(field, `"${uuid}" is not a player uuid.`);
  const p = await players.get(id);
  return p ? ok(p) : fail('not-found', `No player with the uuid ${id} has ever joined this server.`);
}

/** The fields every event about a player carries. */
export const playerFields = (p: Pick<KnownPlayer, 'uuid' | 'name'>) => ({ 'player-id': p.uuid, 'player-name': p.name });
