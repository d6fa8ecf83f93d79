// One part of the every-event test (test/e2e/every-event.e2e.test.ts): the steps that make the
// product emit some of the catalogue's events, on the shared scene (one server, Ann and Ben, and a
// writer's event stream subscribed to `*`). After each step the test waits for every event the step
// names, each checked against its schema.
//
// A part leaves the scene as it found it: Ann and Ben online, in the main world, in survival, not
// vanished, jailed, banned, muted, locked out, on duty, sitting or in a window; nothing it granted
// that another part could trip over. A part that needs another player joins one of its own and
// quits it at the end.

import type { EventName } from '../../../src/core/kernel/events.ts';
import type { Scene } from '../support/rest-server.ts';

export interface EventStep {
  /** What the step does, as a test name. */
  name: string;
  /** The events the step makes the product emit; the test waits for each after `run`. */
  events: readonly EventName[];
  run(scene: Scene): Promise<void>;
}

export interface EventPart {
  /** Files written into the data folder before the server starts (path in the folder → content). */
  config?: Record<string, string>;
  steps: readonly EventStep[];
}
