import { describe, expect, it } from 'vitest';
import { createBatchedLoad } from './batched-load.ts';

/** A statement the test answers when it chooses: the keys it was sent with, and the data as it is then. */
interface Statement {
  keys: readonly string[];
  answer(data: Record<string, string>): void;
  fail(error: Error): void;
}

function controlledLoad(maxWaitMs?: number) {
  const statements: Statement[] = [];
  const load = createBatchedLoad<string, string>(
    (keys) =>
      new Promise((resolve, reject) => {
        statements.push({
          keys,
          answer: (data) => resolve(new Map(keys.filter((key) => key in data).map((key) => [key, data[key]!]))),
          fail: reject,
        });
      }),
    maxWaitMs,
  );
  return { load, statements };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('batched load', () => {
  it('reads a lone key at once, in a statement of its own', async () => {
    const { load, statements } = controlledLoad();
    const value = load('s1');
    await turn();
    expect(statements.map((statement) => statement.keys)).toEqual([['s1']]);
    statements[0]!.answer({ s1: 'open' });
    expect(await value).toBe('open');
  });

  it('reads the keys asked for while a statement runs together in the next one, sent only after it answered', async () => {
    const { load, statements } = controlledLoad();
    const first = load('s1');
    await turn();
    const waiting = [load('s2'), load('s3'), load('s1')];
    await turn();
    expect(statements).toHaveLength(1);

    statements[0]!.answer({ s1: 'open', s2: 'open', s3: 'open' });
    expect(await first).toBe('open');
    await turn();
    expect(statements.map((statement) => statement.keys)).toEqual([['s1'], ['s2', 's3', 's1']]);
    // The session s1 ended after the first statement was sent, before s1 was asked for again: the second sees it.
    statements[1]!.answer({ s2: 'open', s3: 'open' });
    expect(await Promise.all(waiting)).toEqual(['open', 'open', null]);
  });

  it('fails only the keys of a failed statement, and reads the next keys in a statement of their own', async () => {
    const { load, statements } = controlledLoad();
    const failed = load('s1');
    await turn();
    const next = load('s2');
    statements[0]!.fail(new Error('connection lost'));
    await expect(failed).rejects.toThrow('connection lost');
    await turn();
    expect(statements.map((statement) => statement.keys)).toEqual([['s1'], ['s2']]);
    statements[1]!.answer({ s2: 'open' });
    expect(await next).toBe('open');
  });

  it('keeps nothing between statements: the same key asked again is read again', async () => {
    const { load, statements } = controlledLoad();
    const first = load('s1');
    await turn();
    statements[0]!.answer({ s1: 'open' });
    expect(await first).toBe('open');
    const again = load('s1');
    await turn();
    statements[1]!.answer({});
    expect(await again).toBeNull();
  });

  it('sends the next statement after a moment when the running one does not answer, and answers its keys', async () => {
    const { load, statements } = controlledLoad(30);
    void load('s1');
    await turn();
    const next = load('s2');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(statements.map((statement) => statement.keys)).toEqual([['s1'], ['s2']]);
    statements[1]!.answer({ s2: 'open' });
    expect(await next).toBe('open');
  });
});
