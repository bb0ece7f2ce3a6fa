import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from '../../../lib/api-client.ts';
import { applyServerIssues } from '../../../lib/form-errors.ts';
import { translateServerMessage } from '../../../lib/server-messages.ts';
import { firstIssueText } from '../../../components/form/issue-texts.ts';

/** The translated text of a refusal that is not about one field (e.g. "in use" on delete), or null. */
export function refusalText(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const issueText = firstIssueText(error);
  if (issueText) return issueText;
  // A 403 or a network failure is already reported by the shell (dialog or notification).
  if (error.status === 403 || error.status === 0 || error.status >= 500) return null;
  return error.messages[0] ? translateServerMessage(error.messages[0]) : null;
}

/**
 * Puts the server's issues at their fields; what belongs to no field of the form comes back as
 * text for the form's own alert (null when everything found its field or the shell reports it).
 */
export function showSaveError<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>, fields: readonly Path<T>[]): string | null {
  if (applyServerIssues(error, setError, fields)) return null;
  return refusalText(error);
}
