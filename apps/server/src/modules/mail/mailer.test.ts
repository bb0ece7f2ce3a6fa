import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { createFileMailer, createSmtpMailer } from './mailer.ts';

const received: { to: string[]; raw: string }[] = [];
let server: SMTPServer;
let port: number;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});
afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

describe('mailers', () => {
  it('delivers through SMTP with a UTF-8 subject', async () => {
    const mailer = createSmtpMailer(`smtp://127.0.0.1:${port}?ignoreTLS=true`, 'Delego <no-reply@delego.test>');
    await mailer.send({ to: 'anna@example.test', subject: 'Zmiana hasła', text: 'Treść: zażółć gęślą jaźń' });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['anna@example.test']);
    expect(received[0]!.raw).toMatch(/Subject: =\?UTF-8\?/);
  });

  it('writes an .eml file to the outbox folder when no SMTP server is set', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'delego-outbox-'));
    const lines: string[] = [];
    const mailer = createFileMailer(dir, 'Delego <no-reply@delego.test>', (line) => lines.push(line));
    await mailer.send({ to: 'jan@example.test', subject: 'Test', text: 'https://delego.test/action-by-link/user/passwordChange/abc' });
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(/\.eml$/);
    expect(readFileSync(path.join(dir, files[0]!), 'utf8')).toContain('passwordChange/abc');
    expect(lines[0]).toContain('jan@example.test');
    rmSync(dir, { recursive: true, force: true });
  });
});
