// The shapes of teleport requests as the route answers them and the events carry them.

import { Type, type Static } from '@sinclair/typebox';

export const REQUEST_KINDS = ['tpa', 'tpahere'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const Kind = Type.Union(
  REQUEST_KINDS.map((k) => Type.Literal(k)),
  { description: 'tpa: the sender asks to go to the target; tpahere: the sender asks the target to come to them.' },
);

const Uuid = Type.String({ format: 'uuid' });

export const TeleportRequest = Type.Object(
  {
    'sender-id': Uuid,
    'sender-name': Type.String(),
    'target-id': Uuid,
    'target-name': Type.String(),
    kind: Kind,
    'sent-at': Type.String({ format: 'date-time' }),
    'expires-at': Type.String({ format: 'date-time', description: 'When it expires unless accepted, denied or cancelled first.' }),
  },
  { additionalProperties: false },
);
export type TeleportRequest = Static<typeof TeleportRequest>;

export const TeleportRequestList = Type.Object(
  {
    incoming: Type.Array(TeleportRequest, { description: 'Requests sent to the player, newest first.' }),
    outgoing: Type.Array(TeleportRequest, { description: 'Requests the player sent, newest first.' }),
  },
  { additionalProperties: false },
);
export type TeleportRequestList = Static<typeof TeleportRequestList>;
