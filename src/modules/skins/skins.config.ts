// data/core/skins.conf: where /skin looks up an account's skin (the game's account service), how
// long to wait for it, and how long a fetched skin is used before it is looked up again. Every key
// applies at `core reload`, to the next lookup.

import { Type } from '@sinclair/typebox';
import { defineConfig, type ConfigOf } from '../../core/config/config-define.ts';
import { lines } from '../../core/config/config-schema.ts';

/** An http(s) URL holding `placeholder` (`{name}`), replaced at each lookup. */
const lookup = (placeholder: string, url: string, description?: string) =>
  Type.String({
    default: url,
    pattern: `^https?://\\S*${placeholder.replace(/[{}]/g, '\\$&')}\\S*$`,
    errorMessage: `must be an http(s) URL containing ${placeholder}`,
    ...(description === undefined ? {} : { description }),
  });

export const skinsConfig = defineConfig({
  file: 'skins.conf',
  header: 'Core skins (/skin <account>).',
  schema: Type.Object({
    /** The account-by-name lookup. */
    'profile-url': lookup(
      '{name}',
      'https://api.mojang.com/users/profiles/minecraft/{name}',
      lines(
        "The game's account service (Mojang). {name} is replaced by the account name, {uuid} by the",
        "account's id without dashes. Change these only for a mirror or a test server.",
      ),
    ),
    /** The profile-with-textures lookup (the account id undashed). */
    'session-url': lookup('{uuid}', 'https://sessionserver.mojang.com/session/minecraft/profile/{uuid}?unsigned=false'),
    'timeout-seconds': Type.Integer({
      default: 5,
      minimum: 1,
      maximum: 60,
      description: 'Seconds to wait for the account service before telling the player it cannot be reached (1 to 60).',
    }),
    /** A stored skin younger than this is used without asking the account service. */
    'refresh-hours': Type.Integer({
      default: 24,
      minimum: 0,
      maximum: 8760,
      description: lines(
        'A skin fetched less than this many hours ago is used again without asking the account service',
        '(0 to 8760). An older one is fetched again; when the service cannot be reached then, the stored',
        'skin is used anyway.',
      ),
    }),
  }),
});

export type SkinsConfig = ConfigOf<typeof skinsConfig>;

export const skinsReloadable = (configDir: string) => skinsConfig.reloadable(configDir);
