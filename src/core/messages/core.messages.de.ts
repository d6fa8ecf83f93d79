// The kernel's own messages in German (./core.messages.ts).

import type { Translation } from './catalogue.ts';
import type { CORE_EN } from './core.messages.ts';

export const CORE_DE: Translation<typeof CORE_EN> = {
  'core.duration.days': '{n} T.',
  'core.duration.hours': '{n} Std.',
  'core.duration.minutes': '{n} Min.',
  'core.duration.seconds': '{n} Sek.',
};
