/**
 * The login page's flags (spec §7, GET /auth/get-general-settings), readable without zod: the login page asks for
 * them as it appears, and zod is kept off the login route until the form is sent (issue 13, the login route's
 * JavaScript). `auth.ts` describes the same answer with its schema for the server and the API docs.
 */
export const GENERAL_SETTINGS_PATH = '/auth/get-general-settings';

export interface GeneralSettings {
  is_wnt: number;
  login_password_save: number;
}

/** The flags of a general-settings answer, or null when the answer is not one. */
export function readGeneralSettings(payload: unknown): GeneralSettings | null {
  if (typeof payload !== 'object' || payload === null) return null;
  const { is_wnt: isWnt, login_password_save: loginPasswordSave } = payload as Record<string, unknown>;
  if (!Number.isInteger(isWnt) || !Number.isInteger(loginPasswordSave)) return null;
  return { is_wnt: isWnt as number, login_password_save: loginPasswordSave as number };
}
