/**
 * The interface languages, without zod: the web app's first screen (language detection and switch) needs
 * them before any schema (issue 13, the login route's JavaScript).
 */
export const LANGUAGES = ['pl-PL', 'en-US'] as const;
export type Language = (typeof LANGUAGES)[number];
