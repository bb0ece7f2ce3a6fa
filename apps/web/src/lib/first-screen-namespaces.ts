/**
 * The namespaces the login page shows (with its layout, spinner, error dialogs and tab title): fetched
 * before the first render. Every other namespace of the language arrives with the first other screen or
 * the shell (`loadAllMessages` in `i18n.ts`), so the login page never downloads them (docs/performance.md, ADR 0031).
 * `vite.config.ts` makes these one chunk per language, and the rest another.
 */
export const FIRST_SCREEN_NAMESPACES: readonly string[] = ['common', 'auth', 'errors', 'routes'];
