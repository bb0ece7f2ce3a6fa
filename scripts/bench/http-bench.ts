import autocannon from 'autocannon';

export interface HttpFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

const WARM_UP_SECONDS = 5;

/**
 * Measures one route at a fixed number of connections for a few seconds, after a run as long whose figures
 * are thrown away: the first requests of a route meet code V8 has not optimised yet and caches not filled
 * yet (the company's rates, a session's actor), which is not what a running server's users see. Measured on
 * `form-field-changed` at 50 connections right after the user-properties figure: the first five seconds
 * cost 1.3–1.5 ms of server CPU a request with a p99 of up to 2 s, the next five 0.7–0.8 ms.
 */
export async function measure(
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; durationSeconds?: number },
): Promise<HttpFigure> {
  const run = (duration: number) =>
    autocannon({
      url: options.url,
      method: options.method ?? 'GET',
      headers: { 'content-type': 'application/json', ...options.headers },
      body: options.body,
      connections: options.connections ?? 50,
      duration,
    });
  await run(WARM_UP_SECONDS);
  const result = await run(options.durationSeconds ?? 5);
  return { name, requestsPerSecond: Math.round(result.requests.average), p50Ms: result.latency.p50, p99Ms: result.latency.p99, non2xx: result.non2xx };
}

/** Prints the figures; the first is the bare route, and every figure's throughput is also given as a share of it. */
export function printFigures(title: string, figures: HttpFigure[]): void {
  const bare = figures[0]?.requestsPerSecond ?? 0;
  console.log(`\n${title}`);
  console.log('route'.padEnd(52) + 'req/s'.padStart(9) + 'of bare'.padStart(9) + 'p50 ms'.padStart(9) + 'p99 ms'.padStart(9) + 'non-2xx'.padStart(9));
  for (const f of figures) {
    const share = bare > 0 ? `${((100 * f.requestsPerSecond) / bare).toFixed(1)} %` : '–';
    console.log(f.name.padEnd(52) + String(f.requestsPerSecond).padStart(9) + share.padStart(9) + String(f.p50Ms).padStart(9) + String(f.p99Ms).padStart(9) + String(f.non2xx).padStart(9));
  }
}
