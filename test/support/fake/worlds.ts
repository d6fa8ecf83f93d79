// The fake platform's worlds: the built-in ones it starts with, and worlds created, loaded and
// unloaded at run time, with the same names, refusals and order as the real adapter. "On disk" is
// a map that outlives unloading, so a test can unload a world and load it again.

import {
  createOptionsProblem,
  refused,
  RESERVED_WORLD_NAMES,
  worldNameProblem,
  type CreateWorldOptions,
  type UnloadOptions,
  type WorldInfo,
  type WorldOutcome,
  type WorldPort,
} from '../../../src/platform/worlds.ts';
import type { PortMethods } from './lend.ts';

/** The port's methods, which the FakePlatform lends from here. */
export const WORLD_PORT_METHODS: PortMethods<WorldPort> = { worlds: true, worldInfo: true, storedWorlds: true, createWorld: true, loadWorld: true, unloadWorld: true, deleteWorld: true };

export class FakeWorlds implements WorldPort {
  private readonly loaded: WorldInfo[];
  /** Every world made by createWorld, loaded or not (the fake's disk). */
  readonly stored: Map<string, WorldInfo>;
  /** Each unload, in order, with whether it saved (the fake keeps no chunks to drop). */
  readonly unloads: Array<{ name: string; saved: boolean }> = [];
  private seedCounter = 0;
  private readonly evacuate: (world: string) => void;

  /**
   * `names`: the built-in worlds, the first the default. `evacuate` moves the players of a world
   * that is about to be unloaded to the default world's spawn.
   */
  constructor(names: readonly string[], evacuate: (world: string) => void, stored = new Map<string, WorldInfo>()) {
    this.evacuate = evacuate;
    this.stored = stored;
    this.loaded = names.map((name) => ({ name, generator: /nether/.test(name) ? 'nether' : 'default', seed: 0, builtIn: true }));
  }

  worlds(): string[] {
    return this.loaded.map((w) => w.name);
  }

  has(name: string): boolean {
    return this.loaded.some((w) => w.name === name);
  }

  worldInfo(name: string): WorldInfo | undefined {
    const w = this.loaded.find((e) => e.name === name);
    return w && { ...w };
  }

  async storedWorlds(): Promise<string[]> {
    return [...this.stored.keys()].sort();
  }

  async createWorld(name: string, options: CreateWorldOptions = {}): Promise<WorldOutcome> {
    const problem = worldNameProblem(name) ?? createOptionsProblem(options);
    if (problem) return refused('invalid', problem);
    if (this.has(name) || RESERVED_WORLD_NAMES.includes(name)) return refused('already-exists', `a world named ${name} already exists`);
    if (this.stored.has(name)) return refused('already-exists', `a world named ${name} already exists on disk: load it instead`);
    const info: WorldInfo = { name, generator: options.generator ?? 'default', seed: options.seed ?? ++this.seedCounter, builtIn: false };
    this.stored.set(name, info);
    this.loaded.push({ ...info });
    return { ok: true, world: { ...info } };
  }

  async loadWorld(name: string): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    if (this.has(name)) return refused('already-loaded', `the world ${name} is already loaded`);
    const info = this.stored.get(name);
    if (!info) return refused('not-found', `there is no world named ${name}`);
    this.loaded.push({ ...info });
    return { ok: true, world: { ...info } };
  }

  async unloadWorld(name: string, options: UnloadOptions = {}): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    const info = this.loaded.find((w) => w.name === name);
    if (!info) return refused('not-found', `the world ${name} is not loaded`);
    if (info.builtIn) return refused('built-in', `the world ${name} is built in and stays loaded`);
    this.evacuate(name);
    this.loaded.splice(this.loaded.indexOf(info), 1);
    this.unloads.push({ name, saved: options.save ?? true });
    return { ok: true, world: { ...info } };
  }

  async deleteWorld(name: string): Promise<WorldOutcome> {
    const problem = worldNameProblem(name);
    if (problem) return refused('invalid', problem);
    if (RESERVED_WORLD_NAMES.includes(name)) return refused('built-in', `the world ${name} is built in and cannot be deleted`);
    if (this.has(name)) return refused('loaded', `the world ${name} is loaded: unload it before deleting it`);
    const info = this.stored.get(name);
    if (!info) return refused('not-found', `there is no world named ${name}`);
    this.stored.delete(name);
    return { ok: true, world: { ...info } };
  }

  /** A test control: a world folder an admin copied into the worlds folder (on disk, not loaded). */
  putOnDisk(name: string, info: Partial<WorldInfo> = {}): void {
    this.stored.set(name, { name, generator: 'default', seed: 7, ...info, builtIn: false });
  }
}
