import { describe, expect, it } from 'vitest';
import { VersionReader } from './access-cache';

/** A reader over a fake table whose statements are held until `answer()` and recorded with when they began. */
function fakeReader(table: Map<string, number>) {
  const statements: { ids: string[]; answer: () => void; fail: (err: Error) => void }[] = [];
  const reader = new VersionReader(
    (ids) =>
      new Promise((resolve, reject) => {
        // the statement's snapshot is taken when it is sent: the versions as they are now
        const rows = ids.filter((id) => table.has(id)).map((id) => ({ id, version: table.get(id) ?? 0 }));
        statements.push({ ids, answer: () => resolve(rows), fail: reject });
      }),
  );
  return { reader, statements };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('the access version reader', () => {
  it('sends a lone read at once', async () => {
    const { reader, statements } = fakeReader(new Map([['c1', 3]]));
    const read = reader.read('c1');
    expect(statements.map((s) => s.ids)).toEqual([['c1']]);
    statements[0].answer();
    expect(await read).toBe(3);
  });

  it('never answers a request from a statement sent before it asked: it joins the next one', async () => {
    const table = new Map([['c1', 1]]);
    const { reader, statements } = fakeReader(table);
    const early = reader.read('c1');
    table.set('c1', 2); // a change commits after the first statement began...
    const late = [reader.read('c1'), reader.read('c1')]; // ...and these requests arrive after it
    expect(statements).toHaveLength(1);
    statements[0].answer();
    expect(await early).toBe(1);
    await tick();
    expect(statements).toHaveLength(2); // the waiting requests go out together, after the first came back
    statements[1].answer();
    expect(await Promise.all(late)).toEqual([2, 2]);
  });

  it('reads several companies in one statement, and answers undefined for an unknown one', async () => {
    const { reader, statements } = fakeReader(
      new Map([
        ['c1', 1],
        ['c2', 7],
      ]),
    );
    const first = reader.read('c1');
    const waiting = [reader.read('c2'), reader.read('c1'), reader.read('nope')];
    statements[0].answer();
    await first;
    await tick();
    expect(statements[1].ids).toEqual(['c2', 'c1', 'nope']);
    statements[1].answer();
    expect(await Promise.all(waiting)).toEqual([7, 1, undefined]);
  });

  it('fails the requests of a failed statement only, and goes on with the next ones', async () => {
    const { reader, statements } = fakeReader(new Map([['c1', 1]]));
    const failed = reader.read('c1');
    const next = reader.read('c1');
    statements[0].fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await tick();
    statements[1].answer();
    expect(await next).toBe(1);
    const after = reader.read('c1'); // nothing out: sent at once
    expect(statements).toHaveLength(3);
    statements[2].answer();
    expect(await after).toBe(1);
  });
});
