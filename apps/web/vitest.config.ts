import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { buildDefines } from './build-info.ts';

export default defineProject({
  plugins: [react()],
  define: buildDefines(import.meta.dirname),
  test: {
    name: 'web',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.tsx', 'src/**/*.test.ts'],
    setupFiles: ['./src/testing/setup.ts'],
    // Lazy screens load slowly on a 2-core machine running the whole suite; 5 s is too tight.
    testTimeout: 20_000,
  },
});
