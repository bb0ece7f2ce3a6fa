/** Injected by `build-info.ts` through Vite's `define`. */
declare const __APP_VERSION__: string;
/** Build day, YYYY-MM-DD. */
declare const __BUILD_DATE__: string;
/** Short commit hash, or '' when the build had no git checkout. */
declare const __BUILD_COMMIT__: string;
