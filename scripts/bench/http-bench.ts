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

export function printFigures(title: string, figures: HttpFigure[]): void {
  console.log(`\n${title}`);
  console.log('route'.padEnd(48) + 'req/s'.padStart(10) + 'p50 ms'.padStart(10) + 'p99 ms'.padStart(10) + 'non-2xx'.padStart(10));
  for (const f of figures) {
    console.log(f.name.padEnd(48) + String(f.requestsPerSecond).padStart(10) + String(f.p50Ms).padStart(10) + String(f.p99Ms).padStart(10) + String(f.non2xx).padStart(10));
  }
}
