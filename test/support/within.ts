// Waits in real time for something another connection does (a NOTIFY heard, a row re-read): the
// module-level network tests run two servers on one PostgreSQL and assert how soon one hears the
// other, so the deadline is the promise under test ("within a second"), not a generous timeout.

export async function within(ms: number, condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}
