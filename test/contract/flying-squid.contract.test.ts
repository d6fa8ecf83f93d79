// The platform contract on the real flying-squid adapter, with mineflayer bots as the players.
import { describe } from 'node:test';
import { flyingSquidHarness } from './harness.ts';
import { CONTRACTS, runContracts } from './platform.contract.ts';

describe('the platform contract on flying-squid with bots', () => runContracts(flyingSquidHarness, CONTRACTS));
