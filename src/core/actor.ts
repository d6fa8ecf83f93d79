// Who performs a write. The audit log records it as text: `console`, the player's name, or
// `core-rest/<label>` for a call through the Remote Access Service.

export type Actor =
  | { kind: 'console' }
  | { kind: 'player'; uuid: string; name: string }
  | { kind: 'rest'; label: string };

export const CONSOLE: Actor = { kind: 'console' };

export function actorName(actor: Actor): string {
  switch (actor.kind) {
    case 'console':
      return 'console';
    case 'player':
      return actor.name;
    case 'rest':
      return `core-rest/${actor.label}`;
  }
}
