// Several areas proven against the real game on one server: each area's real-server scenario is a
// part (test/e2e/areas/<area>.ts), and a group file (test/e2e/areas-<group>.e2e.test.ts) runs the
// parts it lists, in order, on one shared scene: one server with every module on, the `writer` and
// `reader` tokens, a writer's stream subscribed to `*`, and Ann and Ben joined. An area's route,
// command and event behaviour is tested in process (src/modules/<area>/<area>.scene.test.ts); its
// part keeps what only the real game shows: what the bots see, and that the in-game commands work
// through the real server (docs/testing.md).
//
// A part leaves the scene as it found it: Ann and Ben online, in the main world, in survival, not
// vanished, jailed, banned, muted, frozen, on duty, sitting or in a window; nothing granted that
// another part could trip over. A part that needs another player joins one of its own and quits it.
// Money and items move between parts: a part reads a balance before it counts on one.

import { after, before, describe } from 'node:test';
import { startScene, type Scene, type SceneOptions } from './rest-server.ts';

export interface AreaPart {
  /** The area, as its describe block is named. */
  name: string;
  /** Files written into the data folder before the server starts (path in the folder → content). */
  config?: Record<string, string>;
  /** Declares the part's tests (`it`, nested `describe`) on the shared scene, which `scene()` answers once it runs. */
  tests(scene: () => Scene): void;
}

/** Declares a describe block that starts one scene for all the parts and runs each part's tests in it. */
export function runAreaParts(title: string, parts: readonly AreaPart[], options: Omit<SceneOptions, 'config'> = {}): void {
  describe(title, () => {
    let scene: Scene | undefined;
    before(async () => {
      const config: Record<string, string> = {};
      for (const part of parts) {
        for (const [file, content] of Object.entries(part.config ?? {})) {
          if (file in config) throw new Error(`two parts write ${file}`);
          config[file] = content;
        }
      }
      scene = await startScene(['*'], { ...options, config });
    });
    after(() => scene?.close());
    const shared = (): Scene => {
      if (!scene) throw new Error('the shared scene did not start');
      return scene;
    };
    for (const part of parts) describe(part.name, () => part.tests(shared));
  });
}
