/**
 * Messages of a travel-service order (spec §9 "message auto-read", spec §3 company setting "Auto-read
 * of messages: 1 = disabled, 2 = on mouse over, 3 = on page load"): what the client and the consultants
 * write to each other on the order's steps — a clarification asked for or given, a reason, a note.
 */

/** The company setting `message_auto_read`. */
export type MessageAutoRead = 1 | 2 | 3;

/** What may mark a message read: the reader's explicit button, the pointer resting on it (or keyboard focus), the page opening. */
export type MessageReadTrigger = 'button' | 'hover' | 'load';

/**
 * A message of an order for a reader: a step's comment written by someone else. The reader's own
 * comments are never unread to them.
 */
export function isMessageFor(event: { user_id: number; comment: string }, readerId: number): boolean {
  return event.comment.trim() !== '' && event.user_id !== readerId;
}

/**
 * Whether the trigger marks an unread message read under the setting: the button always does;
 * with 2 also resting the pointer on the message (keyboard focus counts the same); with 3 also the
 * page showing it opening.
 */
export function marksMessageRead(setting: MessageAutoRead, trigger: MessageReadTrigger): boolean {
  if (trigger === 'button') return true;
  if (trigger === 'hover') return setting === 2;
  return setting === 3;
}
