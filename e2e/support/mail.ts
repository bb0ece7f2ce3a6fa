import { expect } from 'vitest';
import { outboxMessages } from './browser.ts';

/** The outbox's e-mails with quoted-printable soft line breaks joined, so links read whole. */
function readableMessages(): string[] {
  return outboxMessages().map((mail) => mail.replace(/=\r?\n/g, ''));
}

/** How many e-mails the outbox holds now: what a later `mailedLink` looks after. */
export function outboxCount(): number {
  return outboxMessages().length;
}

/**
 * The path of the link matching `pattern` in the newest e-mail to `recipient` among those written
 * after the first `before`; the outbox worker delivers a while after the step, so it waits for it.
 */
export async function mailedLink(pattern: RegExp, recipient: string, before: number): Promise<string> {
  const find = () => {
    const mails = readableMessages()
      .slice(before)
      .filter((mail) => mail.includes(recipient) && pattern.test(mail));
    const link = pattern.exec(mails.at(-1) ?? '')?.[0];
    return link ? new URL(link, 'http://mail.invalid').pathname : null;
  };
  await expect.poll(find, { timeout: 15_000, message: `no e-mail to ${recipient} with a link like ${pattern}` }).not.toBeNull();
  return find()!;
}
