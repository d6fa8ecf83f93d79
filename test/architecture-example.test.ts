// The worked example of docs/architecture.md ("Adding a module") is what a newcomer copies, so it is
// proven from the page itself. Each ```ts block of that section that starts with a
// `// src/modules/notes/<file>.ts` line is written, as it stands, into a temporary tree shaped like
// the repository's: src/modules/notes/ holds the blocks, and src/core, src/platform, … and
// node_modules are links to the real ones, so the blocks' relative imports reach the real kernel.
// The project's TypeScript checks them with the project's settings (a misspelt column, a moved
// file or a wrong name fails the check, which names the page's line), and a test kernel on the fake
// platform boots them beside moderation, with the Remote Access Service over loopback: what staff
// and a program see of the module is checked there, and once more with moderation off.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { pathToFileURL } from 'node:url';
import { Value } from '@sinclair/typebox/value';
import ts from 'typescript';
import { CONSOLE } from '../src/core/kernel/actor.ts';
import type { ModuleDefinition } from '../src/core/kernel/module.ts';
import type { RouteDefinition } from '../src/core/kernel/routes.ts';
import { moderationModule } from '../src/modules/moderation/index.ts';
import { teleportModule } from '../src/modules/teleport/index.ts';
import { http } from '../src/rest/test-support.ts';
import { fencedBlocks } from './support/doc-commands.ts';
import { startKernelAddon, type KernelAddon } from './support/rest-addon.ts';
import { value } from './support/results.ts';
import { startTestKernel, type TestKernel } from './support/test-kernel.ts';

const ROOT = join(import.meta.dirname, '..');
const PAGE = join(ROOT, 'docs', 'architecture.md');
const SECTION = '## Adding a module';
const FOLDER = 'src/modules/notes/';

interface ExampleFile {
  /** Its path in the repository, from the block's first line: `src/modules/notes/notes.store.ts`. */
  path: string;
  /** The line of the page where the block's text starts (its first line). */
  line: number;
  text: string;
}

/** The example's files: the section's ```ts blocks that start with `// src/modules/notes/<file>.ts`. */
function exampleFiles(page: string): ExampleFile[] {
  const start = page.indexOf(`\n${SECTION}\n`);
  assert.ok(start >= 0, `docs/architecture.md has a section "${SECTION.slice(3)}"`);
  const end = page.indexOf('\n## ', start + 1);
  const linesBefore = page.slice(0, start + 1).split('\n').length - 1;
  return fencedBlocks(page.slice(start + 1, end < 0 ? undefined : end)).flatMap((b) => {
    const path = /^\/\/ (src\/modules\/notes\/[\w.-]+\.ts)$/.exec(b.lines[0] ?? '')?.[1];
    return b.lang === 'ts' && path ? [{ path, line: linesBefore + b.line, text: `${b.lines.join('\n')}\n` }] : [];
  });
}

/**
 * Writes the files into a temporary tree where their relative imports reach the repository's
 * src/core, src/platform, … and node_modules (links); answers its folder.
 */
function writeTree(files: readonly ExampleFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'core-example-'));
  // The repository's package.json says its .ts files are ES modules; the tree's says the same.
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify({ type: 'module' })}\n`);
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  mkdirSync(join(dir, 'src', 'modules'), { recursive: true });
  for (const entry of readdirSync(join(ROOT, 'src'))) {
    if (entry !== 'modules') symlinkSync(join(ROOT, 'src', entry), join(dir, 'src', entry));
  }
  // The other modules' folders too: TypeScript follows no link on a relative import, so moderation's
  // declaration must reach the kernel by the tree's paths to add to the same ModuleServices.
  for (const entry of readdirSync(join(ROOT, 'src', 'modules'), { withFileTypes: true })) {
    if (entry.isDirectory() && entry.name !== 'notes') symlinkSync(join(ROOT, 'src', 'modules', entry.name), join(dir, 'src', 'modules', entry.name));
  }
  for (const f of files) {
    mkdirSync(dirname(join(dir, f.path)), { recursive: true });
    writeFileSync(join(dir, f.path), f.text);
  }
  return dir;
}

/**
 * What TypeScript finds wrong in the example, one line each, a problem in a block named by the
 * page's line. The program holds the blocks and moderation's index.ts (whose declaration makes
 * `moderation` a module name, as the whole source does), with the repository's compiler options.
 */
function typeProblems(dir: string, files: readonly ExampleFile[]): string[] {
  const blocks = files.map((f) => join(dir, f.path));
  // As a tsconfig.json of the tree's would say: the repository's options, these files and no other.
  const config = { extends: join(ROOT, 'tsconfig.json'), files: [...blocks, join(dir, 'src', 'modules', 'moderation', 'index.ts')], include: [] };
  const { options, fileNames, errors } = ts.parseJsonConfigFileContent(config, ts.sys, dir);
  assert.deepEqual(errors, [], 'the compiler options parse');
  const program = ts.createProgram({ rootNames: fileNames, options });
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...blocks.flatMap((b) => {
      const source = program.getSourceFile(b);
      assert.ok(source, `${b} is in the program`);
      return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
    }),
  ];
  return diagnostics.map((d) => {
    const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
    if (!d.file || d.start === undefined) return message;
    const { line } = d.file.getLineAndCharacterOfPosition(d.start);
    const block = files.find((f) => join(dir, f.path) === d.file!.fileName);
    const where = block ? `docs/architecture.md:${block.line + line} (${block.path})` : `${relative(ROOT, d.file.fileName)}:${line + 1}`;
    return `${where}: ${message}`;
  });
}

describe('the worked example of docs/architecture.md, "Adding a module"', () => {
  const files = exampleFiles(readFileSync(PAGE, 'utf8'));
  let dir: string;
  /** The example's module, loaded from the tree. */
  let notes: ModuleDefinition | undefined;

  /** The example's row that serves a method. */
  const row = (method: string): RouteDefinition => {
    const found = notes?.routes?.find((r) => r.method === method && r.path === '/players/:uuid/note');
    assert.ok(found, `the example has a ${method} /players/:uuid/note row`);
    return found;
  };
  /** Runs a command line as a player and answers what they read from it. */
  const run = async (t: TestKernel, uuid: string, line: string): Promise<string[]> => {
    const mark = t.platform.messagesOf(uuid).length;
    await t.platform.run(uuid, line);
    await t.settle();
    return t.platform.messagesOf(uuid).slice(mark);
  };
  /** A kernel with the modules, Sue (who holds the example's node) and Ann online. */
  const startWith = async (modules: readonly ModuleDefinition[], beforeStart?: (configDir: string) => void) => {
    const t = await startTestKernel({ modules, ...(beforeStart ? { beforeStart } : {}) });
    const staff = (await t.join('Sue')).uuid;
    const ann = (await t.join('Ann')).uuid;
    value(await t.kernel.api.permissions.grant(staff, 'core.notes.note', CONSOLE));
    return { t, staff, ann };
  };

  /** Loads the example's module from the tree (once). */
  const load = async (): Promise<ModuleDefinition> =>
    (notes ??= ((await import(pathToFileURL(join(dir, FOLDER, 'index.ts')).href)) as { notesModule: ModuleDefinition }).notesModule);

  before(() => {
    dir = writeTree(files);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is a whole module folder: store, config, schemas, service, routes, commands and index.ts', () => {
    assert.deepEqual(
      files.map((f) => f.path.slice(FOLDER.length)).sort(),
      ['index.ts', 'notes.commands.ts', 'notes.config.ts', 'notes.routes.ts', 'notes.schemas.ts', 'notes.service.ts', 'notes.store.ts'],
    );
  });

  it('type-checks with the project’s compiler options', () => {
    assert.deepEqual(typeProblems(dir, files), []);
  });

  describe('booted on a test kernel with moderation, and the Remote Access Service', () => {
    let t: TestKernel;
    let rest: KernelAddon;
    let writer: string;
    let staff: string;
    let ann: string;

    /** A call of the example's route; a success's data is checked against the row's answer schema. */
    const call = async (method: 'GET' | 'POST', uuid: string, body?: object) => {
      const answer = await http(rest.port, method, `/api/v1/players/${uuid}/note`, { token: writer, ...(body ? { body } : {}) });
      assert.equal(answer.status, 200, answer.text);
      if (answer.json.ok) assert.ok(Value.Check(row(method).answer, answer.json.data), `the ${method} answer fits its schema: ${answer.text}`);
      return answer.json;
    };
    const note = (uuid: string, line: string) => run(t, uuid, line);

    before(async () => {
      ({ t, staff, ann } = await startWith([teleportModule, moderationModule, await load()], (configDir) => writeFileSync(join(configDir, 'notes.conf'), 'max-length = 20\n')));
      rest = await startKernelAddon(t);
      writer = await rest.token('writer', 'read,write');
    });
    after(async () => {
      await rest?.stop();
      await t?.close();
    });

    it('lets staff write a note with /note, and read it back', async () => {
      assert.deepEqual(await note(staff, '/note Ann asks about the shop'), ['Ann: asks about the shop']);
      assert.deepEqual(await note(staff, '/note ann'), ['Ann: asks about the shop']);
    });

    it('refuses /note to a player who is not staff', async () => {
      assert.deepEqual(await note(ann, '/note Ann all is well'), ['You do not have permission (core.notes.note).']);
      assert.deepEqual(await note(staff, '/note Ann'), ['Ann: asks about the shop']);
    });

    it('serves its rows: POST writes the note, GET reads it, each answer as its row’s schema says', async () => {
      const written = await call('POST', ann, { text: 'welcome back' });
      assert.equal(written.ok, true);
      assert.equal(written.data.text, 'welcome back');
      assert.deepEqual(await call('GET', ann), written);
      assert.deepEqual(await note(staff, '/note Ann'), ['Ann: welcome back']);
    });

    it('declines as its service says: no note, and a note longer than max-length of notes.conf', async () => {
      assert.equal((await call('GET', staff)).code, 'not-found');
      assert.equal((await call('POST', ann, { text: 'x'.repeat(21) })).code, 'refused');
      assert.match((await note(staff, `/note Ann ${'x'.repeat(21)}`)).join('\n'), /at most 20 characters/);
    });

    it('shows whether the player is muted, with moderation on', async () => {
      assert.equal((await call('GET', ann)).data.muted, false);
      value(await t.kernel.api.moderation.mute(ann, { silent: true }, CONSOLE));
      assert.equal((await call('GET', ann)).data.muted, true);
      assert.deepEqual(await note(staff, '/note Ann'), ['Ann (muted): welcome back']);
    });
  });

  describe('booted with moderation off', () => {
    let t: TestKernel;
    let staff: string;
    let ann: string;

    before(async () => {
      ({ t, staff, ann } = await startWith([await load()]));
    });
    after(() => t?.close());

    it('works all the same, and says nothing of mutes (the row’s call, through the kernel’s API)', async () => {
      assert.deepEqual(await run(t, staff, '/note Ann hello'), ['Ann: hello']);
      const read = value(await row('GET').call(t.kernel.api, { params: { uuid: ann }, query: {}, body: {}, actor: CONSOLE }));
      assert.ok(Value.Check(row('GET').answer, read), JSON.stringify(read));
      assert.deepEqual([(read as { text: string }).text, (read as { muted: boolean | null }).muted], ['hello', null]);
    });
  });
});
