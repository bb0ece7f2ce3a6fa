import { setTimeout as sleep } from 'node:timers/promises';
import { cpuSecondsOf, memoryOf } from './booking-import-bench.ts';

interface ReportState {
  id: number;
  status: 'queued' | 'running' | 'ready' | 'failed';
  row_count: number | null;
  error: string | null;
}

/**
 * A summary report (`summaryReport`) of every settlement of the bench's company to XLSX, as `finance`
 * asks for it: the time from the request until the list says it is ready (the job writes it in the
 * background, page by page), and the server's resident and peak memory. Prints the figures.
 */
export async function benchSummaryReport(baseUrl: string, token: string, pid: number | undefined, settlements: number): Promise<void> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const before = memoryOf(pid);
  const cpuBefore = cpuSecondsOf(pid);
  const started = performance.now();
  const created = await fetch(`${baseUrl}/api/report/create`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ report_type: 'summaryReport', date_type: 'trip', date_from: '2000-01-01', date_to: '2035-12-31', file_format: 'xlsx' }),
  });
  if (!created.ok) throw new Error(`report not queued: ${created.status} ${await created.text()}`);
  const { report } = (await created.json()) as { report: ReportState };
  let state = report;
  while (state.status === 'queued' || state.status === 'running') {
    await sleep(200);
    const list = (await (await fetch(`${baseUrl}/api/report/list`, { headers })).json()) as { items: ReportState[] };
    state = list.items.find((item) => item.id === report.id) ?? state;
  }
  const seconds = (performance.now() - started) / 1000;
  const after = memoryOf(pid);
  const cpuAfter = cpuSecondsOf(pid);
  console.log(`\nSummary report to XLSX with ${settlements.toLocaleString('en')} settlements in the company (seeded without a stored engine calculation, so rows carry the totals but no cost lines):`);
  console.log(`  ${state.status}${state.error ? ` (${state.error})` : ''}, ${state.row_count?.toLocaleString('en') ?? '?'} rows in ${seconds.toFixed(1)} s from the request until the list shows it ready`);
  if (cpuBefore !== null && cpuAfter !== null) console.log(`  server CPU time meanwhile: ${(cpuAfter - cpuBefore).toFixed(1)} s (user and system; the wall time above also counts waiting for a core)`);
  if (before && after) console.log(`  server memory: ${before.rss.toFixed(0)} MiB resident before, ${after.rss.toFixed(0)} MiB after, peak ${after.peak.toFixed(0)} MiB since the server started`);
}
