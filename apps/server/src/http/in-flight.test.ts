import http from 'node:http';
import type { Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createCompany, createUser } from '../../test/factories.ts';
import { authHeaders } from '../../test/sessions.ts';
import { InFlightWork } from './in-flight.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the work requests still have running', () => {
  it('is drained only when every piece of work has settled, failed ones included', async () => {
    const work = new InFlightWork();
    let finish!: () => void;
    const slow = work.run(() => new Promise<void>((resolve) => (finish = resolve)));
    const failing = work.run(() => Promise.reject(new Error('refused')));
    let drained = false;
    const waiting = work.drained().then(() => (drained = true));
    await expect(failing).rejects.toThrow('refused');
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([drained, work.count]).toEqual([false, 1]);
    finish();
    await slow;
    await waiting;
    expect([drained, work.count]).toEqual([true, 0]);
    await work.drained();
  });

  it('is not drained while a request goes from one counted piece to the next, as when its client left between its session look-up and its handler', async () => {
    const work = new InFlightWork();
    const lookUp = work.begin();
    let drained = false;
    const waiting = work.drained().then(() => (drained = true));
    let handler!: () => void;
    lookUp();
    await Promise.resolve().then(() => (handler = work.begin()));
    await new Promise((resolve) => setImmediate(resolve));
    expect([drained, work.count]).toEqual([false, 1]);
    handler();
    await waiting;
    expect(work.count).toBe(0);
  });

  it("counts an API request's session look-up and handler until its answer is ready, so shutdown can wait for it", async () => {
    const company = await createCompany(t.db);
    const headers = await authHeaders(t.app, company, await createUser(t.db, company));
    // The count after each piece of work begins and ends. How many turns of the event loop the request takes depends
    // on what earlier requests in the process loaded and cached, so the trace is taken as the pieces come and go.
    const counts: number[] = [];
    const begin = t.app.inFlight.begin.bind(t.app.inFlight);
    const pieces = vi.spyOn(t.app.inFlight, 'begin').mockImplementation(() => {
      const end = begin();
      counts.push(t.app.inFlight.count);
      let ended = false;
      // A request's end is called on its response's finish and again on its close.
      return () => {
        if (ended) return;
        ended = true;
        end();
        counts.push(t.app.inFlight.count);
      };
    });
    const answer = t.app.inject({ method: 'GET', url: '/api/token-refresh/user-properties', headers });
    await t.app.inFlight.drained();
    pieces.mockRestore();
    // The request, then within it the session look-up, and after it the handler: the count reaches 0 only when the answer is ready.
    expect(counts).toEqual([1, 2, 1, 2, 1, 0]);
    expect((await answer).statusCode).toBe(200);
    expect(t.app.inFlight.count).toBe(0);
  });
});

describe('closing the app', () => {
  it('answers a request still running when it closes, over a kept-alive connection, and closes the database only after that work', async () => {
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const running = await createTestApp({
      closeDatabaseWithApp: true,
      beforeReady: (app) =>
        app.get('/api/test/slow', { config: { isPublic: true } }, async () => {
          handlerStarted();
          await released;
          await running.db.execute(sql`select 1`);
          return { answered: true };
        }),
    });
    await running.app.listen({ host: '127.0.0.1', port: 0 });
    const address = running.app.server.address();
    if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
    const answer = fetch(`http://127.0.0.1:${address.port}/api/test/slow`);
    await started;

    const closing = running.close();
    let closed = false;
    void closing.then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    release();

    const response = await answer;
    expect([response.status, await response.json()]).toEqual([200, { answered: true }]);
    const startedClosing = Date.now();
    await closing;
    // The answer closed the kept-alive connection: the close did not wait for the keep-alive timeout.
    expect(Date.now() - startedClosing).toBeLessThan(5_000);
    await expect(running.db.execute(sql`select 1`)).rejects.toThrow();
  });

  it('stops counting a request whose client left after sending its whole body, so a later close does not wait for it', async () => {
    let handlerStarted!: () => void;
    const started = new Promise<void>((resolve) => (handlerStarted = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let handlerDone!: () => void;
    const done = new Promise<void>((resolve) => (handlerDone = resolve));
    const running = await createTestApp({
      beforeReady: (app) =>
        app.post('/api/test/slow', { config: { isPublic: true } }, async () => {
          handlerStarted();
          await released;
          handlerDone();
          return { answered: true };
        }),
    });
    try {
      await running.app.listen({ host: '127.0.0.1', port: 0 });
      const address = running.app.server.address();
      if (typeof address !== 'object' || address === null) throw new Error('the app is not listening');
      const request = http.request({ host: '127.0.0.1', port: address.port, path: '/api/test/slow', method: 'POST', headers: { 'content-type': 'application/json' }, agent: new http.Agent({ keepAlive: true }) });
      request.on('error', () => undefined);
      const serverSide = new Promise<Socket>((resolve) => running.app.server.once('connection', resolve));
      request.end('{"trip":1}');
      await started;
      const socket = await serverSide;
      request.destroy();
      await new Promise((resolve) => socket.once('close', resolve));
      release();
      await done;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(running.app.inFlight.count).toBe(0);
    } finally {
      await running.close();
    }
  });
});
