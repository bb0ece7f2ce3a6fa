import type { FieldError, FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';
import { i18n } from './i18n.ts';
import { translateIssueCode } from './server-messages.ts';

/**
 * Shows the server's validation issues at their fields, every issue of a field together.
 * Returns true when at least one issue belonged to one of `fields`, so the caller knows
 * the failure is visible.
 */
export function applyServerIssues<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): boolean {
  if (!(error instanceof ApiError)) return false;
  const messages = new Map<Path<T>, string[]>();
  for (const issue of error.issues) {
    const field = fields.find((name) => name === String(issue.path[0]));
    if (field) messages.set(field, [...(messages.get(field) ?? []), translateIssueCode(issue.code, issue.params)]);
  }
  let isFirst = true;
  for (const [field, texts] of messages) {
    setError(field, { type: 'server', message: texts.join(' ') }, { shouldFocus: isFirst });
    isFirst = false;
  }
  return messages.size > 0;
}

/**
 * The text under a field. A rule without parameters carries its translation code, so the
 * text follows a language switch; a rule with parameters (e.g. a minimum length) arrives
 * already translated, because react-hook-form keeps only a message per error.
 */
export function fieldErrorText(error: FieldError | undefined): string | undefined {
  const message = error?.message;
  if (!message) return undefined;
  return translateFieldMessage(message);
}

/** A field's message: a translation code is translated, a text already translated is kept. */
export function translateFieldMessage(message: string): string {
  return i18n.exists(message, { ns: 'errors' }) ? translateIssueCode(message) : message;
}
