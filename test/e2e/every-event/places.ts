// The every-event test's places part: see part.ts. Money (wallet, bank, loan), homes, warps, player
// warps, a kit, a vault, and every teleport event (moves, warm-ups and requests), made by Ann and
// Ben in game, by the console and over HTTP. Whatever it sets up it takes away again: homes,
// warps, the vault (with the kit's items put in it), the loan and the bank balance; the
// request expiry and the warm-up it changes in the config files are put back and reloaded; Ann
// ends where she stood (sent back after the request took her to Ben). What stays: Ann's starter
// kit cooldown and her back location.

import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { nextEvent, waitFor, waitForMessage, type Bot } from '../support/bots.ts';
import type { Scene, StreamEvent } from '../support/rest-server.ts';
import type { EventPart } from './part.ts';

const WORLD = 'world';
/** Names of this part's warp and player warp. */
const WARP = 'ev-places';
/** A home slot beyond any limit (slots go up to 1000). */
const BEYOND = 1000;
/** The label of this part's home. */
const HOME = 'evplaces';
/** The warm-up core.conf asks for while the warm-up step runs: long enough to cancel it first. */
const WARMUP = 60;

interface BotWindow {
  slots: Array<{ name: string; count: number } | null>;
  inventoryStart: number;
}

const id = (bot: Bot) => bot.player.uuid;
const here = (bot: Bot) => {
  const p = bot.entity.position;
  return { world: WORLD, x: p.x, y: p.y, z: p.z };
};

/**
 * The first event of that name, about that player and matching, that arrives after this call (an
 * earlier one of the same name, from another step or part, does not count).
 */
function fresh(scene: Scene) {
  const earlier = new Set(scene.events.received.map((e) => e.data));
  return (name: string, player: Bot, match: (d: Record<string, unknown>) => boolean = () => true): Promise<StreamEvent> =>
    scene.events.next(name, (d) => !earlier.has(d) && d['player-id'] === id(player) && match(d), 15000);
}

/** Calls a write route and insists on an `ok` answer. */
async function write(scene: Scene, path: string, body?: unknown): Promise<Record<string, unknown>> {
  const r = await scene.rs.call('POST', path, scene.writer, body);
  assert.equal(r.json.ok, true, `${path}: ${JSON.stringify(r.json)}`);
  return r.json.data as Record<string, unknown>;
}

/** Ann's lowest empty home slot within her limit. */
async function emptyHomeSlot(scene: Scene): Promise<number> {
  const r = await scene.rs.call('GET', `/players/${id(scene.ann)}/homes`, scene.reader);
  const { homes, limit } = r.json.data as { homes: Array<{ slot: number }>; limit: number };
  const slot = Array.from({ length: limit }, (_, i) => i + 1).find((n) => !homes.some((h) => h.slot === n));
  assert.ok(slot !== undefined, `Ann has an empty home slot within her limit of ${limit}`);
  return slot;
}

/**
 * Replaces a config file in the data folder and runs `core reload` at the console until the file
 * is reported changed; returns a function that puts the file back as it was and reloads again.
 */
async function withConfig(scene: Scene, file: string, content: string): Promise<() => Promise<void>> {
  const path = join(scene.dataDir, 'core', file);
  const before = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  const reload = () => scene.rs.console('core reload', new RegExp(`^.*\\[game\\] ${file.replace('.', '\\.')}: changed`));
  writeFileSync(path, content);
  await reload();
  return async () => {
    if (before === undefined) rmSync(path, { force: true });
    else writeFileSync(path, before);
    await reload();
  };
}

export const placesPart: EventPart = {
  steps: [
    {
      name: 'a program deposits into Ann’s wallet, withdraws it again, and is declined beyond her balance',
      events: ['economy.wallet-credit', 'economy.wallet-debit', 'economy.wallet-reject'],
      async run(scene) {
        const wallet = `/players/${id(scene.ann)}/balance`;
        const seen = fresh(scene);
        await write(scene, `${wallet}/deposit`, { amount: 7 });
        await write(scene, `${wallet}/withdraw`, { amount: 7 });
        const declined = await scene.rs.call('POST', `${wallet}/withdraw`, scene.writer, { amount: 1_000_000_000 });
        assert.equal(declined.json.code, 'insufficient-funds', JSON.stringify(declined.json));
        await seen('economy.wallet-reject', scene.ann, (d) => (d.amount as { amount: number }).amount === 1_000_000_000);
      },
    },
    {
      name: 'Ann puts money in the bank and takes it out with /bank',
      events: ['economy.bank-deposit', 'economy.bank-withdraw'],
      async run(scene) {
        const seen = fresh(scene);
        const deposited = waitForMessage(scene.ann, /^You put \$10\.00 in your bank\./);
        scene.ann.chat('/bank deposit 10');
        await deposited;
        await seen('economy.bank-deposit', scene.ann);
        scene.ann.chat('/bank withdraw 10');
        await seen('economy.bank-withdraw', scene.ann);
      },
    },
    {
      name: 'Ben takes a loan with /loan and repays all of it',
      events: ['economy.loan-disburse', 'economy.loan-repay'],
      async run(scene) {
        const seen = fresh(scene);
        scene.ben.chat('/loan take 20');
        await seen('economy.loan-disburse', scene.ben);
        scene.ben.chat('/loan repay all');
        const repaid = await seen('economy.loan-repay', scene.ben);
        assert.equal((repaid.data.outstanding as { amount: number }).amount, 0);
      },
    },
    {
      name: 'a program sets a home of Ann’s, sets it again elsewhere and labels it; a set beyond her limit is refused',
      events: ['home.create', 'home.relocate', 'home.rename', 'home.limit-reached'],
      async run(scene) {
        const homes = `/players/${id(scene.ann)}/homes`;
        const seen = fresh(scene);
        const at = here(scene.ann);
        const slot = await emptyHomeSlot(scene);
        await write(scene, `${homes}/${slot}/set`, { location: { ...at, x: at.x + 2 } });
        await seen('home.create', scene.ann, (d) => d.slot === slot);
        await write(scene, `${homes}/${slot}/set`, { location: at });
        await write(scene, `${homes}/${slot}/rename`, { label: HOME });
        const refused = await scene.rs.call('POST', `${homes}/${BEYOND}/set`, scene.writer, { location: at });
        assert.equal(refused.json.code, 'refused', JSON.stringify(refused.json));
        await seen('home.limit-reached', scene.ann, (d) => d.slot === BEYOND);
      },
    },
    {
      name: 'Ann gives her home an icon and makes it public in game',
      events: ['home.icon-change', 'home.visibility-change'],
      async run(scene) {
        const seen = fresh(scene);
        scene.ann.chat(`/home icon ${HOME} diamond_block`);
        await seen('home.icon-change', scene.ann, (d) => d.icon === 'diamond_block');
        scene.ann.chat(`/home public ${HOME}`);
        await seen('home.visibility-change', scene.ann, (d) => d.visibility === 'public');
      },
    },
    {
      name: 'a program creates a warp and deletes it',
      events: ['warp.create', 'warp.delete'],
      async run(scene) {
        await write(scene, `/warps/${WARP}/create`, { location: here(scene.ann) });
        await write(scene, `/warps/${WARP}/delete`);
      },
    },
    {
      name: 'a program creates a player warp of Ann’s and deletes it as Ann',
      events: ['playerwarp.create', 'playerwarp.delete'],
      async run(scene) {
        await write(scene, `/players/${id(scene.ann)}/playerwarps`, { name: WARP, location: here(scene.ann) });
        await write(scene, `/playerwarps/${WARP}/delete`, { actor: id(scene.ann) });
      },
    },
    {
      name: 'Ann claims the starter kit with /kit starter and receives its items',
      events: ['kit.claim'],
      async run(scene) {
        const standing = await scene.rs.call('GET', `/players/${id(scene.ann)}/kits`, scene.reader);
        const starter = (standing.json.data.kits as Array<{ kit: { id: string }; 'why-not': string | null }>).find((k) => k.kit.id === 'starter');
        assert.equal(starter?.['why-not'], null, 'Ann may claim the starter kit (nobody claimed it for her before this part)');
        const seen = fresh(scene);
        scene.ann.chat('/kit starter');
        await waitFor(() => scene.ann.inventory.items().some((i) => i.name === 'bread'), 'Ann to hold the starter kit’s bread');
        await seen('kit.claim', scene.ann, (d) => d.kit === 'starter');
      },
    },
    {
      name: 'Ann opens vault 1 with /pv 1, puts the kit’s items in and closes it; a program deletes the vault',
      events: ['vault.open', 'vault.contents-change'],
      async run(scene) {
        const ann = scene.ann;
        const seen = fresh(scene);
        const opened = nextEvent<BotWindow>(ann, 'windowOpen');
        ann.chat('/pv 1');
        await opened;
        await seen('vault.open', ann, (d) => d.index === 1);
        for (const item of ['bread', 'stone_sword']) {
          const w = ann.currentWindow as unknown as BotWindow;
          const from = w.slots.findIndex((s, i) => i >= w.inventoryStart && s?.name === item);
          assert.ok(from >= w.inventoryStart, `the ${item} shows in the window’s inventory part`);
          const to = w.slots.findIndex((s, i) => i < w.inventoryStart && s === null);
          await ann.moveSlotItem(from, to);
          await seen('vault.contents-change', ann, (d) => d.index === 1 && (d['item-count'] as number) > (d['previous-item-count'] as number));
        }
        const closed = nextEvent(ann, 'windowClose');
        ann.closeWindow(ann.currentWindow!);
        await closed;
        await write(scene, `/players/${id(ann)}/vaults/1/delete`);
      },
    },
    {
      name: 'Ann asks to teleport to Ben with /tpa; Ben denies it with /tpdeny',
      events: ['teleport.request-send', 'teleport.request-deny'],
      async run(scene) {
        const seen = fresh(scene);
        const asked = waitForMessage(scene.ben, /^Ann asks to teleport to you\.$/);
        scene.ann.chat('/tpa Ben');
        await asked;
        const denied = waitForMessage(scene.ann, /^Ben denied your teleport request\.$/);
        scene.ben.chat('/tpdeny Ann');
        await denied;
        await seen('teleport.request-deny', scene.ann);
      },
    },
    {
      name: 'Ann sends Ben a request and takes it back with /tpacancel',
      events: ['teleport.request-cancel'],
      async run(scene) {
        const seen = fresh(scene);
        const asked = waitForMessage(scene.ben, /^Ann asks to teleport to you\.$/);
        scene.ann.chat('/tpa Ben');
        await asked;
        const cancelled = waitForMessage(scene.ben, /^Ann cancelled their teleport request to you\.$/);
        scene.ann.chat('/tpacancel');
        await cancelled;
        await seen('teleport.request-cancel', scene.ann, (d) => d.reason === 'cancelled');
      },
    },
    {
      name: 'Ben accepts Ann’s request with /tpaccept: Ann is moved to Ben, and her back location is where she stood',
      events: ['teleport.request-accept', 'teleport.player-teleport', 'teleport.back-location-capture'],
      async run(scene) {
        const seen = fresh(scene);
        const asked = waitForMessage(scene.ben, /^Ann asks to teleport to you\.$/);
        scene.ann.chat('/tpa Ben');
        await asked;
        const arrived = waitForMessage(scene.ben, /^Ann teleported to you\.$/, 15000);
        scene.ben.chat('/tpaccept Ann');
        await arrived;
        await seen('teleport.request-accept', scene.ann);
        await seen('teleport.player-teleport', scene.ann, (d) => d.cause === 'tpa');
        await seen('teleport.back-location-capture', scene.ann, (d) => d.cause === 'tpa');
      },
    },
    {
      name: 'with a request expiry of 1 second in tpa.conf (reloaded, then put back), Ann’s request to Ben expires',
      events: ['teleport.request-expire'],
      async run(scene) {
        const restore = await withConfig(scene, 'tpa.conf', 'request-expiry-seconds = 1\n');
        try {
          const annTold = waitForMessage(scene.ann, /^Your teleport request to Ben has expired\. Send another if you still want to\.$/, 15000);
          const benTold = waitForMessage(scene.ben, /^The teleport request from Ann has expired\.$/, 15000);
          scene.ann.chat('/tpa Ben');
          await Promise.all([annTold, benTold]);
        } finally {
          await restore();
        }
      },
    },
    {
      name: `with a ${WARMUP}-second warm-up in core.conf (reloaded, then put back), /home starts it and a program sending Ann back cancels it`,
      events: ['teleport.warmup-start', 'teleport.warmup-cancel'],
      async run(scene) {
        const ann = scene.ann;
        const seen = fresh(scene);
        const restore = await withConfig(scene, 'core.conf', `teleport-warmup-seconds = ${WARMUP}\n`);
        try {
          const warm = waitForMessage(ann, new RegExp(`^Teleporting in ${WARMUP} seconds, don't move\\.$`));
          // Set up first: should Ann still be settling, a move cancels the warm-up before the program does.
          const told = waitForMessage(ann, /^Teleport cancelled: /, 15000);
          ann.chat(`/home ${HOME}`);
          await warm;
          await seen('teleport.warmup-start', ann, (d) => d.cause === 'home' && d.seconds === WARMUP);
          // Back to where Ann stood before she went to Ben, so she no longer stands on him.
          await write(scene, `/players/${id(ann)}/back`);
          await told;
          await seen('teleport.warmup-cancel', ann, (d) => d.cause === 'home');
        } finally {
          await restore();
        }
      },
    },
    {
      name: 'Ann deletes her home with /delhome',
      events: ['home.delete'],
      async run(scene) {
        const seen = fresh(scene);
        scene.ann.chat(`/delhome ${HOME}`);
        await seen('home.delete', scene.ann, (d) => d.label === HOME);
        const left = await scene.rs.call('GET', `/players/${id(scene.ann)}/homes`, scene.reader);
        assert.equal(left.json.data.homes.some((h: { label: string | null }) => h.label === HOME), false, 'the home is gone');
      },
    },
  ],
};
