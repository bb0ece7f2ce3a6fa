import type { Issue } from '../common/errors.ts';

/** Whether a trip reason needs a comment on the trip forms: none, or at least ten characters (spec §3). */
export const TASK_COMMENT_REQUIREMENTS = ['none', 'min10'] as const;
export type TaskCommentRequirement = (typeof TASK_COMMENT_REQUIREMENTS)[number];

/** Spec §9: comments and descriptions need at least 10 characters ('Minimum 10 znaków'). */
export const TASK_COMMENT_MIN_LENGTH = 10;

/**
 * The comment rule of a trip reason, as the order and settlement forms apply it: with `min10`
 * an empty comment is 'Pole wymagane' and a shorter one 'Minimum 10 znaków'.
 */
export function validateTaskComment(requirement: TaskCommentRequirement, comment: string | null | undefined, path: Issue['path'] = ['task_comment']): Issue[] {
  if (requirement === 'none') return [];
  const length = (comment ?? '').trim().length;
  if (length === 0) return [{ path, code: 'global.error.required' }];
  if (length < TASK_COMMENT_MIN_LENGTH) return [{ path, code: 'validation.minLength10' }];
  return [];
}
