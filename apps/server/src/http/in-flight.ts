/**
 * The request work still running: the authentication look-up and the handler of every API request,
 * counted until they settle, even when the client has already gone (a handler keeps its database
 * work going after the socket closes). Shutdown waits for it before closing the database, so no
 * request meets a closed pool.
 */
export class InFlightWork {
  private running = 0;
  private waiting: (() => void)[] = [];

  get count(): number {
    return this.running;
  }

  async run<T>(work: () => Promise<T> | T): Promise<T> {
    this.running += 1;
    try {
      return await work();
    } finally {
      this.running -= 1;
      if (this.running === 0) for (const resolve of this.waiting.splice(0)) resolve();
    }
  }

  /** Resolves once nothing is running. */
  drained(): Promise<void> {
    return this.running === 0 ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }
}
