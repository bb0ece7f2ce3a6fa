import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';
import type { Issue } from '@delego/domain';
import { translateIssueCode } from '../../lib/server-messages.ts';
import { issueMessage } from './issue-texts.ts';

/** react-hook-form's nested error shape: `a.1.b` is `errors.a[1].b`. */
function setAt(target: Record<string, unknown>, path: (string | number)[], value: unknown): void {
  let node = target;
  path.forEach((segment, index) => {
    const key = String(segment);
    if (index === path.length - 1) node[key] = value;
    else node = (node[key] ??= typeof path[index + 1] === 'number' ? [] : {}) as Record<string, unknown>;
  });
}

/**
 * A react-hook-form resolver from a rule that returns domain `Issue`s, so the form shows
 * exactly what the server would say. A lone issue without parameters keeps its translation
 * code (the text follows a language switch, see `fieldErrorText`); otherwise the field gets
 * the translated texts of all its issues together.
 */
export function issueResolver<T extends FieldValues>(validate: (values: T) => Issue[]): Resolver<T> {
  return async (values) => {
    const issues = validate(values);
    if (issues.length === 0) return { values, errors: {} };
    const byField = new Map<string, Issue[]>();
    for (const issue of issues) {
      const key = JSON.stringify(issue.path);
      byField.set(key, [...(byField.get(key) ?? []), issue]);
    }
    const errors: Record<string, unknown> = {};
    for (const [key, fieldIssues] of byField) {
      const [first] = fieldIssues;
      const message = fieldIssues.length === 1 && first ? issueMessage(first) : fieldIssues.map((issue) => translateIssueCode(issue.code, issue.params)).join(' ');
      setAt(errors, JSON.parse(key) as (string | number)[], { type: 'rule', message });
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
