import type { FastifyInstance, FastifyRequest } from 'fastify';

/** How long shutdown waits for requests' work before it closes the database anyway (a stuck client must not hold it for ever). */
const DRAIN_TIMEOUT_MS = 30_000;

/**
 * The request work still running: every request from its arrival until its answer is sent or its
 * client has gone, and the authentication look-up and handler of every API request until they settle,
 * even when the client has already gone (a handler keeps its database work going after the socket
 * closes). The app closes the database only once it is drained, so no request meets a closed pool.
 */
export class InFlightWork {
  private running = 0;
  private waiting: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  /** Counts one piece of work until the returned function is called (again is harmless). */
  begin(): () => void {
    this.running += 1;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.running -= 1;
      if (this.running === 0) this.settleWhenIdle();
    };
  }

  /**
   * Resolves the waiters once nothing runs after the current turn of the event loop. A request is counted in
   * pieces (the request, its session look-up, its handler), and one whose client has gone is no longer counted
   * as a request: between its look-up and its handler it may count nothing for a few promise steps. Waiting one
   * turn lets its handler begin, so shutdown does not close the database under it ('PGlite is closing').
   */
  private settleWhenIdle(): void {
    setImmediate(() => {
      if (this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
    });
  }

  async run<T>(work: () => Promise<T> | T): Promise<T> {
    const end = this.begin();
    try {
      return await work();
    } finally {
      end();
    }
  }

  /** Resolves once nothing is running, and nothing began in the turn that found it so. */
  drained(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      if (this.running === 0) this.settleWhenIdle();
    });
  }
}

/**
 * Counts every request in `app.inFlight` and lets `app.close()` finish as soon as the requests it
 * found have been answered: while closing, each answer closes its connection, so a keep-alive client
 * does not hold the close for the server's keep-alive timeout. New requests get Fastify's 503 meanwhile.
 */
export function trackRequests(app: FastifyInstance): void {
  const ends = new WeakMap<FastifyRequest, () => void>();
  let closing = false;
  // Callback hooks: they run on every request, and cost less than async ones.
  app.addHook('onRequest', (request, reply, done) => {
    const end = app.inFlight.begin();
    ends.set(request, end);
    // The response's 'close' comes when it was sent or its connection went. Fastify's onRequestAbort does not
    // cover a client that left after sending its whole body (the request has already closed then, not aborted),
    // and a response written to the gone connection neither finishes nor fails: counted until the close timeout.
    reply.raw.once('close', end);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    ends.get(request)?.();
    done();
  });
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
}

/**
 * Closes the database as the app's last close step: after the server stopped taking requests, the
 * requests it had were answered, the work of those whose client left has settled and the background
 * workers (registered later, so closed earlier) have stopped.
 */
export function closeDatabaseWithApp(app: FastifyInstance, closeDatabase: () => Promise<void>): void {
  app.addHook('onClose', async () => {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), DRAIN_TIMEOUT_MS)));
    const stuck = await Promise.race([app.inFlight.drained().then(() => false), timedOut]);
    clearTimeout(timer);
    if (stuck) app.log.warn(`shutdown: ${app.inFlight.count} requests still running after ${DRAIN_TIMEOUT_MS / 1000} s; closing the database`);
    await closeDatabase();
  });
}
