import type { FastifyInstance } from 'fastify';

/**
 * How long the requests started in one turn of the event loop may run before the next waiting one is left
 * to the next turn. A list request on the embedded database (about 7 ms) then has a turn of its own; the
 * bare route's (a few hundredths of a millisecond) share one by the dozen, as before.
 */
export const TURN_BUDGET_MS = 2;

/**
 * Serves requests in the order they arrived, a turn of the event loop at a time (issue 13: no request starves
 * behind others; ADR 0050).
 *
 * Node reads a socket and runs the request it completes in one callback: its body, validation, handler
 * and answer run there to their end when nothing in them waits for I/O — which is the case on the
 * embedded database, whose statements answer within the same turn. While the server is saturated, the
 * sockets ready in one turn are then read one after the other, each only after the request before it
 * was answered, and the order in which the kernel hands them over left some connections waiting for
 * seconds while others were served again and again (the settlement form's calculation at 50
 * connections: p50 0.4 s, p99 2.3 s, the slowest 5.7 s). So each request's work starts in a turn's check
 * phase (`setImmediate`), after the poll phase has read every socket that is ready, first in, first out.
 *
 * Node's event loop (libuv 1.46 here) accepts one new connection per turn, and when every request read in
 * a turn also ran in that turn's check phase, a turn lasted as long as all the requests in flight: at 50
 * connections on the lists (about 7 ms each) the 50th connection was accepted some 10 s after it connected,
 * its first request waiting all that time in the kernel's queue (the lists' p99 of 3–7 s). So once the
 * requests started in a turn have run for `TURN_BUDGET_MS`, the others wait for the next turn: the poll
 * phase between accepts the next connection and reads what arrived, which queues behind what was waiting
 * (a deferred request is queued again before the next poll, in its order).
 */
export function serveInArrivalOrder(app: FastifyInstance, turnBudgetMs = TURN_BUDGET_MS): void {
  /** When the first request of this turn started; undefined until one has. */
  let turnStartedAt: number | undefined;
  let turnStartPending = false;
  const startTurn = () => {
    turnStartPending = false;
    turnStartedAt = undefined;
  };
  // Queued before the immediates of the requests that start in the next check phase, so it runs first there.
  const markNextTurn = () => {
    if (turnStartPending) return;
    turnStartPending = true;
    setImmediate(startTurn);
  };
  // The first waiting request of a turn always starts, so every turn serves at least one.
  const startInTurn = (start: () => void) => {
    const now = performance.now();
    turnStartedAt ??= now;
    if (now - turnStartedAt <= turnBudgetMs) start();
    else {
      markNextTurn();
      setImmediate(startInTurn, start);
    }
  };
  app.addHook('onRequest', (_request, _reply, done) => {
    markNextTurn();
    setImmediate(startInTurn, done);
  });
}
