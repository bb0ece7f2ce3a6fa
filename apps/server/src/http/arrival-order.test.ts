import net, { type AddressInfo } from 'node:net';
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

  it('accepts a connection that arrived meanwhile between two requests waiting for their turn once the budget of a turn is spent', async () => {
    const app = Fastify();
    // No budget: each turn starts only its first waiting request.
    serveInArrivalOrder(app, 0);
    let accepted = 0;
    const acceptedWhenServed: number[] = [];
    app.get('/', async () => {
      acceptedWhenServed.push(accepted);
      return { ok: true };
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    app.server.on('connection', () => {
      accepted += 1;
    });
    const { port } = app.server.address() as AddressInfo;
    const open = () => net.connect(port, '127.0.0.1');
    const kept = [open(), open(), open()];
    const late: net.Socket[] = [];
    try {
      while (accepted < kept.length) await new Promise((resolve) => setTimeout(resolve, 5));
      const answered = kept.map(
        (socket) =>
          new Promise<string>((resolve) => {
            let text = '';
            socket.on('data', (chunk: Buffer) => {
              text += chunk.toString();
              if (text.includes('{"ok":true}')) resolve(text);
            });
          }),
      );
      // In one turn: three requests, read together in the next poll phase, and two new connections, which
      // Node accepts one per turn. Served all in that turn, the three would see the same connections.
      for (const socket of kept) socket.write('GET / HTTP/1.1\r\nHost: localhost\r\n\r\n');
      late.push(open(), open());
      for (const answer of await Promise.all(answered)) expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(acceptedWhenServed).toHaveLength(3);
      expect(acceptedWhenServed[2]).toBeGreaterThan(acceptedWhenServed[0]!);
    } finally {
      for (const socket of [...kept, ...late]) socket.destroy();
      await app.close();
    }
  });
});
