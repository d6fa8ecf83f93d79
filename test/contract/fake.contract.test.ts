// The platform contract on the FakePlatform unit tests use.
import { describe } from 'node:test';
import { fakeHarness } from './harness.ts';
import { CONTRACTS, runContracts } from './platform.contract.ts';

describe('the platform contract on the fake platform', () => runContracts(fakeHarness, CONTRACTS));
