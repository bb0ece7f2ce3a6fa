import type { z } from 'zod';
import type { Issue } from '@delego/domain';
import { ApiError } from '../../lib/api-client.ts';
import { translateIssueCode } from '../../lib/server-messages.ts';

/**
 * The form error message of a domain rule's issue. A text with parameters is translated now,
 * because react-hook-form keeps only a message per error; one without keeps its code, so the
 * text follows a language switch (see `fieldErrorText`).
 */
export function issueMessage(issue: Issue): string {
  return issue.params ? translateIssueCode(issue.code, issue.params) : issue.code;
}

/** Reports a domain rule's issues from a form schema's refinement, each at its field. */
export function addDomainIssues(ctx: z.RefinementCtx, issues: readonly Issue[]): void {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issueMessage(issue) });
}

/** The translated text of the server's first issue, for a refusal that has no field to show it at. */
export function firstIssueText(error: unknown): string | undefined {
  const issue = error instanceof ApiError ? error.issues[0] : undefined;
  return issue ? translateIssueCode(issue.code, issue.params) : undefined;
}
