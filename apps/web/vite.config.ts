import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { constants } from 'node:zlib';
import { buildDefines } from './build-info.ts';

const webRoot = import.meta.dirname;

export default defineConfig({
  root: webRoot,
  plugins: [
    react(),
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
          // All the namespaces of one language in one chunk (`lib/i18n.ts` loads only the interface language's).
          groups: [{ name: (moduleId: string) => /[\\/]locales[\\/](\w+)[\\/][^\\/]+\.json$/.exec(moduleId)?.[1]?.replace(/^/, 'locale-') ?? null }],
        },
      },
    },
  },
});
