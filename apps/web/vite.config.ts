import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { buildDefines } from './build-info.ts';

const webRoot = import.meta.dirname;

export default defineConfig({
  root: webRoot,
  plugins: [react()],
  define: buildDefines(webRoot),
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
