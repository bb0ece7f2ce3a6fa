/**
 * The cache of the user editor (company-admin feature). Changes made here to a user's cost
 * centres, unit or vehicles refresh it, so an editor opened later shows them.
 */
export const USER_EDITOR_KEY = ['company-admin', 'users'] as const;

/** The system-settings screen (company-admin feature) shows the travel-module keys too. */
export const SYSTEM_SETTINGS_KEY = ['company-admin', 'system-settings'] as const;
