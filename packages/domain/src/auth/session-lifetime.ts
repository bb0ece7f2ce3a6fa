/**
 * How long a sign-in lasts, decided by the server whatever the client does (ASVS 5.0 7.3.1, 7.3.2):
 * a session ends after the company's inactivity time (`session_time`) without a request, and in any
 * case after its absolute lifetime (`session_max_hours`, 12 hours by default) from the sign-in.
 *
 * The session row carries its absolute end (`expiresAt`, fixed at sign-in) and its last activity.
 * Activity is written at most once a minute (`isActivityWriteDue`), so a burst of requests costs
 * one write; whatever answers "is this session still open" — the database look-up on every request,
 * or a cache in front of it — asks `sessionEndReason` with the row's two times.
 */

/** The last activity is written when it is at least this old. */
export const SESSION_ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * The shortest inactivity the server acts on, in minutes. An active user's browser calls at least
 * once per access-token lifetime (5 minutes, refreshed in its last minute), so a shorter company
 * setting ends the session in the browser (its countdown) but could not be told apart from activity here.
 */
export const MIN_SERVER_IDLE_MINUTES = 6;

export const DEFAULT_SESSION_MAX_HOURS = 12;

export type SessionEndReason = 'idleTimeout' | 'absoluteTimeout';

export interface SessionTimes {
  lastActiveAt: Date;
  expiresAt: Date;
}

/** When a session signed in at `signedInAt` ends at the latest. */
export function sessionExpiresAt(signedInAt: Date, maxHours: number): Date {
  return new Date(signedInAt.getTime() + maxHours * 3_600_000);
}

/**
 * Why the session is over at `now`, or null while it is open: past its absolute end, or idle
 * longer than the company's inactivity time (one write interval of slack, since activity is
 * written at most once a minute).
 */
export function sessionEndReason(session: SessionTimes, idleMinutes: number, now: Date): SessionEndReason | null {
  if (now.getTime() >= session.expiresAt.getTime()) return 'absoluteTimeout';
  const idleLimit = Math.max(idleMinutes, MIN_SERVER_IDLE_MINUTES) * 60_000 + SESSION_ACTIVITY_WRITE_INTERVAL_MS;
  if (now.getTime() - session.lastActiveAt.getTime() > idleLimit) return 'idleTimeout';
  return null;
}

/** Whether this request's activity should be written to the session row. */
export function isActivityWriteDue(lastActiveAt: Date, now: Date): boolean {
  return now.getTime() - lastActiveAt.getTime() >= SESSION_ACTIVITY_WRITE_INTERVAL_MS;
}
