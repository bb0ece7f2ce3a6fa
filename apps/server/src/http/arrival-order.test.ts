import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serveInArrivalOrder } from './arrival-order.ts';

describe('requests served in arrival order', () => {
  it("starts a request's work after the turn in which it arrived, behind the work queued before it", async () => {
    const app = Fastify();
    const events: string[] = [];
    app.addHook('onRequest', (_request, _reply, done) => {
      // Work another request queued in the same turn, before this one's.
      setImmediate(() => events.push('queued before'));
      done();
    });
    serveInArrivalOrder(app);
    app.get('/', async () => {
      events.push('handler');
      return { ok: true };
    });
    const response = await app.inject({ method: 'GET', url: '/' });
    expect(response.statusCode).toBe(200);
    expect(events).toEqual(['queued before', 'handler']);
    await app.close();
  });

});
