import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | null;
}

/** Sends one message; throws when it could not be handed over. */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/** SMTP delivery through nodemailer, from an `smtp://` or `smtps://` URL. */
export function createSmtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    async send(message) {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
    },
  };
}

/**
 * With no SMTP server configured, each message becomes an `.eml` file in
 * `DATA_DIR/outbox/`, so a developer can open the links it carries.
 */
export function createFileMailer(directory: string, from: string, log: (line: string) => void): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(message) {
      const info = await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text, html: message.html ?? undefined });
      mkdirSync(directory, { recursive: true });
      const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`);
      writeFileSync(file, info.message as Buffer);
      log(`mail to ${message.to} written to ${file}`);
    },
  };
}

/** Keeps messages in memory; for tests. */
export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
}
