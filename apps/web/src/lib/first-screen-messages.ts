/**
 * The message files the login page shows (with its layout, spinner, error dialogs and tab title), by name without
 * `.json`: fetched before the first render. Every other file of the language arrives with the first other screen or
 * the shell (`loadAllMessages` in `i18n.ts`), so the login page never downloads them (docs/performance.md, ADR 0031).
 * A file `<namespace>.<part>.json` adds its keys to `<namespace>`: `errors.login` holds the errors the login page can
 * show (field validation, connection, sign-in and session), `errors` the rest of that namespace.
 * `vite.config.ts` makes these one chunk per language, and the rest another.
 */
export const FIRST_SCREEN_MESSAGE_FILES: readonly string[] = ['common', 'auth', 'errors.login', 'routes'];
