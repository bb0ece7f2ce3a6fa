import autocannon from 'autocannon';

export interface HttpFigure {
  name: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
}

/** Measures one route at a fixed number of connections for a few seconds. */
export async function measure(
  name: string,
  options: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string; connections?: number; durationSeconds?: number },
): Promise<HttpFigure> {
  const result = await autocannon({
    url: options.url,
    method: options.method ?? 'GET',
    headers: { 'content-type': 'application/json', ...options.headers },
    body: options.body,
    connections: options.connections ?? 50,
    duration: options.durationSeconds ?? 5,
  });
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
