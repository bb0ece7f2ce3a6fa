import { readFileSync } from 'node:fs';

/** Resident and peak memory of a process in MiB, from /proc (Linux), or null elsewhere. */
export function memoryOf(pid: number | undefined): { rss: number; peak: number } | null {
  if (pid === undefined) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) / 1024;
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  } catch {
    return null;
  }
}

/**
 * CPU seconds (user and system) the process has used since it started, from `/proc/<pid>/stat`: unlike
 * the wall clock, it does not grow while the process waits for a core on a loaded machine.
 */
export function cpuSecondsOf(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // The fields after the command's name, which is in parentheses and may hold spaces: utime and stime are 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    // Linux reports them in clock ticks of USER_HZ, which is 100.
    return Number.isFinite(ticks) ? ticks / 100 : null;
  } catch {
    return null;
  }
}

/** A booking-site file of `rows` rows in the documented layout: flights, trains and hotels of the demo people and of strangers. */
export function bookingFile(rows: number): Buffer {
  const travellers = [
    ['Anna Kowalska', 'anna.kowalska@demo.delego.local'],
    ['Piotr Nowak', 'piotr.nowak@demo.delego.local'],
    ['Katarzyna Wiśniewska', 'katarzyna.wisniewska@demo.delego.local'],
    ['Jan Zieliński', ''],
    ['Zofia Wróbel', 'zofia.wrobel@partner.example'],
  ];
  const kinds = [
    ['AIR', 'LOT', 'Warszawa (WAW)', 'Frankfurt (FRA)'],
    ['RAIL', 'PKP Intercity', 'Warszawa Centralna', 'Kraków Główny'],
    ['HOTEL', 'Hotel Wawel', '', 'Kraków'],
  ];
  const lines = ['source,external_booking_id,segment_seq,service_type,traveler_name,traveler_email,vendor_name,origin,destination,start_at,end_at,amount_gross,currency,invoice_number,invoice_date,seller_name,seller_nip'];
  for (let index = 0; index < rows; index++) {
    const [name, email] = travellers[index % travellers.length]!;
    const [type, vendor, origin, destination] = kinds[index % kinds.length]!;
    const day = `2026-${String((index % 12) + 1).padStart(2, '0')}-${String((index % 27) + 1).padStart(2, '0')}`;
    const invoice = index % 4 === 0 ? `FV/${Math.floor(index / 4)}/2026,${day},${vendor},5261000214` : ',,,';
    lines.push(`BENCH,B-${index},1,${type},${name},${email},${vendor},${origin},${destination},${day} 08:00,${day} 18:00,${(100 + (index % 900)).toFixed(2)},PLN,${invoice}`);
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

async function upload(baseUrl: string, token: string, mode: 'preview' | 'commit', file: Buffer): Promise<{ ms: number; body: Record<string, unknown> }> {
  const form = new FormData();
  form.append('file', new Blob([file]), 'bench.csv');
  const started = performance.now();
  const response = await fetch(`${baseUrl}/api/booking/import?mode=${mode}&skip_invalid=false`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const body = (await response.json()) as Record<string, unknown>;
  if (!response.ok) throw new Error(`import ${mode} failed: ${JSON.stringify(body).slice(0, 500)}`);
  return { ms: performance.now() - started, body };
}

/** The booking import of a 10 000-row file: preview, import, and the repeated import that updates every row. */
export async function benchBookingImport(baseUrl: string, token: string, pid: number | undefined, rows = 10_000): Promise<void> {
  const file = bookingFile(rows);
  const before = memoryOf(pid);
  const preview = await upload(baseUrl, token, 'preview', file);
  const commit = await upload(baseUrl, token, 'commit', file);
  const again = await upload(baseUrl, token, 'commit', file);
  const after = memoryOf(pid);
  const rate = (ms: number) => Math.round((rows / ms) * 1000);
  console.log(`\nBooking import of ${rows.toLocaleString('en')} rows (${(file.length / 1024 / 1024).toFixed(1)} MiB CSV, one request each)`);
  console.log(`  preview            ${preview.ms.toFixed(0).padStart(7)} ms  ${rate(preview.ms)} rows/s`);
  console.log(`  import (new rows)  ${commit.ms.toFixed(0).padStart(7)} ms  ${rate(commit.ms)} rows/s  created ${String(commit.body.created_count)}`);
  console.log(`  import (repeated)  ${again.ms.toFixed(0).padStart(7)} ms  ${rate(again.ms)} rows/s  updated ${String(again.body.updated_count)}`);
  if (before && after) console.log(`  server memory: ${before.rss.toFixed(0)} MiB resident before, ${after.rss.toFixed(0)} MiB after, peak ${after.peak.toFixed(0)} MiB`);
}
