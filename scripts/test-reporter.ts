// A node:test reporter for the runner (scripts/test-passes.ts): one JSON line per test file with
// how many tests passed and failed and how long its top-level tests took, so that the runner can
// name the slowest files even of a process that ran several (`--test-isolation=none`).

import type { TestEvent } from 'node:test/reporters';

export interface FileResult {
  file: string;
  passed: number;
  failed: number;
  /** Milliseconds: the sum of the file's top-level tests and suites (their hooks included). */
  ms: number;
}

export default async function* fileResults(source: AsyncIterable<TestEvent>): AsyncGenerator<string> {
  const files = new Map<string, FileResult>();
  const of = (file: string | undefined): FileResult | undefined => {
    if (file === undefined) return undefined;
    let r = files.get(file);
    if (r === undefined) files.set(file, (r = { file, passed: 0, failed: 0, ms: 0 }));
    return r;
  };
  for await (const event of source) {
    if (event.type !== 'test:pass' && event.type !== 'test:fail') continue;
    const data = event.data as { file?: string; nesting: number; details: { duration_ms?: number; type?: string } };
    const r = of(data.file);
    if (r === undefined) continue;
    // Suites are counted by their tests; a failing suite hook fails the suite itself.
    if (data.details.type !== 'suite' || event.type === 'test:fail') {
      if (event.type === 'test:pass') r.passed++;
      else r.failed++;
    }
    if (data.nesting === 0) r.ms += data.details.duration_ms ?? 0;
  }
  for (const r of files.values()) yield `${JSON.stringify(r)}\n`;
}
