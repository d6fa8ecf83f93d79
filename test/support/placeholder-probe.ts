// A module for unit tests of placeholders: it only hands out the kernel's placeholders, so a test
// boots it beside the module that registers one and reads `{name}` for a player.

import { defineModule } from '../../src/core/kernel/module.ts';
import type { Placeholders } from '../../src/core/text/placeholders.ts';
import type { TestKernel } from './test-kernel.ts';

export const placeholderProbe = defineModule<Placeholders>({
  name: 'placeholder-probe',
  dependsOn: [],
  migrations: [],
  createService: (ctx) => ctx.placeholders,
});

/** The text with its placeholders worked out for the player (by uuid), as a sidebar line would be. */
export function applyPlaceholders(t: TestKernel, text: string, uuid?: string): Promise<string> {
  const placeholders = (t.kernel.api as unknown as Record<string, Placeholders>)['placeholder-probe']!;
  return placeholders.apply(text, uuid === undefined ? undefined : t.platform.player(uuid));
}
