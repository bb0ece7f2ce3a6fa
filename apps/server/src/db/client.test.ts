import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { queueQueries } from './queue-queries.ts';

/** A stand-in for a pg client that records how many of its queries run at once. */
function fakeClient() {
  const state = { running: 0, most: 0, order: [] as string[] };
  const client = {
    query(text: string) {
      state.running += 1;
      state.most = Math.max(state.most, state.running);
      state.order.push(text);
      return new Promise((resolve, reject) =>
        setTimeout(() => {
          state.running -= 1;
          if (text === 'fail') reject(new Error('syntax error'));
          else resolve({ rows: [{ text }] });
        }, 5),
      );
    },
  };
  return { client: client as unknown as pg.Client, state };
}

describe('a pooled client of the PostgreSQL server', () => {
  it('runs queries handed to it at once one after another, in order, a failed one included', async () => {
    const { client, state } = fakeClient();
    queueQueries(client);
    const results = await Promise.allSettled(['a', 'fail', 'b', 'c'].map((text) => client.query(text)));
    expect(state.most).toBe(1);
    expect(state.order).toEqual(['a', 'fail', 'b', 'c']);
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((results[3] as PromiseFulfilledResult<{ rows: { text: string }[] }>).value.rows[0]!.text).toBe('c');
  });
});
