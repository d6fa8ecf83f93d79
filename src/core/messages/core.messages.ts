// The kernel's own messages: the words every module's messages share (the units of a duration).

import { defineMessages } from './catalogue.ts';
import { CORE_DE } from './core.messages.de.ts';

export const CORE_EN = {
  plain: {
    // The parts of a duration ("1 h 2 min 5 s"), each with its number as {n}.
    'core.duration.days': '{n} d',
    'core.duration.hours': '{n} h',
    'core.duration.minutes': '{n} min',
    'core.duration.seconds': '{n} s',
  },
} as const;

export const CORE_MESSAGES = defineMessages('core', CORE_EN, { de: CORE_DE });
