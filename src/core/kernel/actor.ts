// Who performs a write. The audit log records it as text: `console`, the player's name, or
// `core-rest/<label>` for a call through the Remote Access Service, `<platform>/<id>` for a user of
// an external chat platform acting through a bot of the plugin (`discord/123456789012345678`).

export type Actor =
  | { kind: 'console' }
  | { kind: 'player'; uuid: string; name: string }
  | { kind: 'rest'; label: string }
  /** A user of an external chat platform (`platform` e.g. `discord`), named by their account id. */
  | { kind: 'external'; platform: string; id: string };

export const CONSOLE: Actor = { kind: 'console' };

export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case 'console':
      return 'console';
    case 'player':
      return actor.name;
    case 'rest':
      return `core-rest/${actor.label}`;
    case 'external':
      return `${actor.platform}/${actor.id}`;
  }
}
