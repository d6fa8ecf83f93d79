import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Type } from '@sinclair/typebox';
import { eventCatalogue, catalogueOf } from './event-catalogue.ts';
import { manualClock } from './clock.ts';
import { createEventBus, defineEvents, eventPayload, PlayerFields, type EventName, type EventSchemas } from './events.ts';
import { memoryLogger } from '../log/log.ts';
import { defineModule } from './module.ts';
import { startTestKernel } from '../../../test/support/test-kernel.ts';

const WARPS = defineEvents({
  'warp.create': eventPayload({ name: Type.String() }, 'A warp was created.'),
});
const ALEX = { 'player-id': '0a1b2c3d-4e5f-6789-abcd-ef0123456789', 'player-name': 'Alex' };
const AT = '2026-01-01T00:00:00.000Z';

describe('the event catalogue', () => {
  it('gives a declared event its payload with occurred-at, exactly those fields', () => {
    const c = eventCatalogue([WARPS]);
    assert.equal(c.declared('warp.create'), true);
    const data = c.dataSchema('warp.create');
    assert.deepEqual(Object.keys(data.properties), ['name', 'occurred-at']);
    assert.equal(data.additionalProperties, false);
    assert.equal(data.description, 'A warp was created.');
  });

  it('keeps the open schema for an event of an area not built yet: occurred-at and anything else', () => {
    const c = eventCatalogue([WARPS]);
    assert.equal(c.declared('itemworld.mob-spawn'), false);
    assert.equal(c.problem('itemworld.mob-spawn', { 'occurred-at': AT, anything: 1 }), undefined);
    assert.match(c.problem('itemworld.mob-spawn', { anything: 1 }) ?? '', /occurred-at/);
  });

  it('names the field at fault in an event its schema does not allow', () => {
    const c = eventCatalogue([defineEvents({ 'kit.claim': eventPayload({ ...PlayerFields, kit: Type.String() }, 'A claim.') })]);
    assert.equal(c.problem('kit.claim', { ...ALEX, kit: 'starter', 'occurred-at': AT }), undefined);
    assert.match(c.problem('kit.claim', { ...ALEX, kit: 3, 'occurred-at': AT }) ?? '', /^kit\.claim: \/kit /);
    assert.match(c.problem('kit.claim', { ...ALEX, kit: 'starter', 'occurred-at': AT, extra: true }) ?? '', /extra|additional/i);
    assert.match(c.problem('kit.claim', { ...ALEX, kit: 'starter', 'occurred-at': 'yesterday' }) ?? '', /occurred-at/);
    assert.match(c.problem('kit.claim', { ...ALEX, 'player-id': 'alex', kit: 'starter', 'occurred-at': AT }) ?? '', /player-id/);
    assert.match(c.problem('kit.claimed', {}) ?? '', /not an event of the catalogue/);
  });

  it('refuses an event declared twice, or a name outside the catalogue', () => {
    assert.throws(() => eventCatalogue([WARPS, WARPS]), /the event warp\.create is declared twice/);
    const stray = { 'warp.creat': Type.Object({}) } as unknown as EventSchemas;
    assert.throws(() => eventCatalogue([stray]), /"warp\.creat" is not an event of the catalogue/);
  });

  it('gathers the events every module definition declares, switched on or not', () => {
    const module = (name: string, events: EventSchemas) =>
      defineModule({ name, dependsOn: [], migrations: [], events, defaultOn: false, createService: () => ({}) });
    const c = catalogueOf([module('warps', WARPS), module('none', {})]);
    assert.equal(c.declared('warp.create'), true);
    assert.equal(c.declared('warp.delete'), false);
  });

  it('is the kernel’s from boot, with every known module’s events', async () => {
    const module = (name: string) => defineModule({ name, dependsOn: [], migrations: [], events: WARPS, createService: () => ({}) });
    const t = await startTestKernel({ modules: [module('warps')] });
    try {
      assert.equal(t.kernel.catalogue.declared('warp.create'), true);
    } finally {
      await t.close();
    }
  });

  it('types emit by event name: only the named event’s payload compiles (checked by tsc)', () => {
    const bus = createEventBus(manualClock(), memoryLogger());
    const heard: string[] = [];
    bus.subscribe((e) => heard.push(e.name));
    const location = { world: 'world', x: 0, y: 64, z: 0, yaw: 0, pitch: 0 };
    bus.emit('warp.create', { name: 'spawn', location, permission: null, actor: 'console' });
    // @ts-expect-error a field is missing
    bus.emit('warp.create', { name: 'spawn', location, permission: null });
    // @ts-expect-error a field the schema does not have
    bus.emit('warp.create', { name: 'spawn', location, permission: null, actor: 'console', by: 'me' });
    // @ts-expect-error the payload of another event
    bus.emit('warp.delete', { ...ALEX, amount: { currency: 'coins', amount: 1 }, balance: { currency: 'coins', amount: 1 }, 'transaction-id': '1' });
    const loose = 'warp.create' as EventName;
    // @ts-expect-error a name typed loosely admits no payload
    bus.emit(loose, { name: 'spawn', location, permission: null, actor: 'console' });
    assert.equal(heard.length, 5, 'the bus itself delivers whatever it is given: the types are the check');
  });
});
