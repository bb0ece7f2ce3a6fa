import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { createRequire } from 'node:module';
import path from 'node:path';
import { buildDefines } from './build-info.ts';
import { browserCheck } from './browser-check.ts';
import { BRAND_PRIMARY } from './src/app/brand.ts';
import { FIRST_SCREEN_MESSAGE_FILES } from './src/lib/first-screen-messages.ts';

const webRoot = import.meta.dirname;

/**
 * React Router's package exports only its development build, whose warnings (`ENABLE_DEV_WARNINGS`) then stay in
 * the production bundle and print in the console (remix-run/react-router#14102). The build takes the production
 * build beside it, the same code with the warnings off, which the minifier drops (issue 13, the login route's size).
 */
const reactRouterProduction = path.join(path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')), 'dist/production/index.mjs');

function localeChunkName(moduleId: string): string | null {
  const match = /[\\/]locales[\\/](\w+)[\\/]([^\\/]+)\.json$/.exec(moduleId);
  if (!match) return null;
  return FIRST_SCREEN_MESSAGE_FILES.includes(match[2] ?? '') ? `locale-${match[1]}-login` : `locale-${match[1]}`;
}

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
    { name: 'react-router-production', apply: 'build', config: () => ({ resolve: { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } }) },
    browserCheck(webRoot, BRAND_PRIMARY),
    // The installable app (ADR 0028): manifest and a Workbox service worker made at build time.
    VitePWA({
      strategies: 'generateSW',
      // A new worker waits until the user clicks the update banner (`lib/app-update.ts` registers it, lazily).
      registerType: 'prompt',
      injectRegister: false,
      // The shell, the locale chunks and the screens' chunks: a build's files all arrive with its worker, so a
      // screen opened after an update never asks the server for a chunk of the build it replaced.
      workbox: {
        globPatterns: ['**/*.{html,js,css,svg,png,webmanifest}'],
        // MUI's and the charts' chunks pass 2 MiB unminified-looking sizes only as a whole app; the largest single chunk stays below this.
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        navigateFallback: 'index.html',
        // The API is never answered by the worker: no API answer (personal data) is ever stored in its caches.
        navigateFallbackDenylist: [/^\/api\//],
        skipWaiting: false,
        clientsClaim: false,
      },
      manifest: {
        id: '/',
        name: 'Delego – rozliczanie delegacji',
        short_name: 'Delego',
        description: 'Delego – system do rozliczania delegacji i zamawiania usług podróżnych',
        lang: 'pl',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: BRAND_PRIMARY,
        background_color: '#ffffff',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
        ],
      },
    }),
    // Brotli and gzip copies made once at build time, at the best levels: the server sends them as they are.
    compression({
      algorithms: [defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
    }),
  ],
  define: buildDefines(webRoot),
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Two chunks per language: the login page's message files and the rest (`lib/i18n.ts` loads only the
          // interface language's, and the rest only for a screen beyond the login page).
          groups: [{ name: localeChunkName }],
        },
      },
    },
  },
});
