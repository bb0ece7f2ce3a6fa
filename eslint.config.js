// Lint rules, including the import boundaries of docs/architecture.md.
import { readdirSync, existsSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import * as espree from 'espree';

const webFeaturesDir = 'apps/web/src/features';
const webFeatures = existsSync(webFeaturesDir)
  ? readdirSync(webFeaturesDir, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name)
  : [];

// notistack arrives after the first screen (ADR 0038): only its host imports it; the rest use lib/notifications.tsx.
const noNotistack = { group: ['notistack'], message: 'notifications go through lib/notifications.tsx (ADR 0038)' };

const noAppsFromPackages = {
  group: ['@delego/server', '@delego/server/*', '@delego/web', '@delego/web/*', '**/apps/**'],
  message: 'packages/* never import apps/*',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '.cache/**', 'apps/server/drizzle/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'log'] }],
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noAppsFromPackages,
            { group: ['node:*', 'fs', 'path', 'pg', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'react', 'react-dom', '@delego/contract'], message: 'the domain is pure: no I/O, no HTTP, no UI' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/contract/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noAppsFromPackages] }] },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/db/**', 'apps/server/src/**/*.repo.ts', 'apps/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'only repositories and db/ touch the database' }] }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // The features' own block below repeats this pattern: a file's last 'no-restricted-imports' wins.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: [`${webFeaturesDir}/**`, 'apps/web/src/lib/notification-host.tsx'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNotistack] }] },
  },
  {
    // The old-browser check runs before the bundle in any browser: ES5 syntax only, parsed as a classic script.
    files: ['apps/web/public/**/*.js'],
    // ESLint's own parser: TypeScript's would accept any syntax whatever the ecmaVersion.
    languageOptions: { parser: espree, ecmaVersion: 5, sourceType: 'script', globals: { ...globals.browser } },
    rules: { '@typescript-eslint/consistent-type-imports': 'off', '@typescript-eslint/no-unused-vars': ['error', { caughtErrors: 'none' }] },
  },
  ...webFeatures.map((feature) => ({
    files: [`${webFeaturesDir}/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noNotistack,
            ...webFeatures
              .filter((other) => other !== feature)
              .map((other) => ({ group: [`**/features/${other}`, `**/features/${other}/**`], message: 'no imports across features' })),
          ],
        },
      ],
    },
  })),
);
