// The platform contract on the real flying-squid adapter, with mineflayer bots as the players.
import { describe, it } from 'node:test';
import { createRequire } from 'node:module';
import type { Client, ClientOptions } from 'minecraft-protocol';
import { flyingSquidHarness } from './harness.ts';
import { CONTRACTS, playerName, runContracts, type Contract } from './platform.contract.ts';
import { offlineUuid } from '../support/fake-platform.ts';

const mc = createRequire(import.meta.url)('minecraft-protocol') as { createClient(options: ClientOptions): Client };

/**
 * What only a real game client shows: the game tells its language in the configuration phase,
 * before flying-squid makes the player (mineflayer tells it again once in play, so a bot alone would
 * not prove it). A bare minecraft-protocol client sends only that first report, as the game does.
 */
const configurationLocale: Contract = (h) => {
  describe('players (a bare game client)', () => {
    it('knows the language a client reported in the configuration phase, before it joined', async () => {
      const name = playerName('Fleur');
      const uuid = offlineUuid(name);
      const client = mc.createClient({ host: '127.0.0.1', port: h().platform.port, username: name, version: '1.21.4', auth: 'offline', hideErrors: true, clientSettings: { locale: 'fr_FR', viewDistance: 2 } } as ClientOptions);
      client.on('error', () => {});
      try {
        await h().until(() => h().platform.player(uuid)?.locale === 'fr_fr', 'the joined player to read fr_fr');
      } finally {
        client.end('done');
        await h().until(() => h().platform.player(uuid) === undefined, `${name} to leave`);
      }
    });
  });
};

describe('the platform contract on flying-squid with bots', () => runContracts(flyingSquidHarness, [...CONTRACTS, configurationLocale]));
