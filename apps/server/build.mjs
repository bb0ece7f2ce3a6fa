// Bundles the server into dist/server.js. Workspace packages (@delego/*) are TypeScript
// source, so they go into the bundle; npm dependencies stay external and load from node_modules
// when the bundle finds the same copy the importing package would. A workspace package's
// dependency that npm installed beside that package only (not hoisted, or another version than
// the root's) is bundled from there, since `dist/server.js` could not find it or would find
// another version.
import { copyFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const serverDir = path.dirname(fileURLToPath(import.meta.url));

/** The package name of a bare import: `luxon`, `@mui/material` of `@mui/material/Button`. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

/** The directory Node's lookup finds the package in, starting at `fromDir`, or null. */
function installedPackageDir(name, fromDir) {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (path.dirname(dir) === dir) return null;
  }
}

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
  // A bundled CommonJS package (sanitize-html) requires its external dependencies at run time.
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  plugins: [
    {
      name: 'external-npm-packages',
      setup(builder) {
        builder.onResolve({ filter: /^[^./]/ }, (args) => {
          if (args.path.startsWith('@delego/') || args.path.startsWith('node:')) return undefined;
          const name = packageNameOf(args.path);
          const seenByImporter = args.importer ? installedPackageDir(name, path.dirname(args.importer)) : null;
          const seenByBundle = installedPackageDir(name, path.join(serverDir, 'dist'));
          return seenByImporter === null || seenByImporter === seenByBundle ? { path: args.path, external: true } : undefined;
        });
      },
    },
  ],
});

// The PDF check's worker runs as it is, beside the bundle (`src/lib/file-type.ts` finds it next to itself).
copyFileSync(path.join(serverDir, 'src/lib/pdf-check.worker.mjs'), path.join(serverDir, 'dist/pdf-check.worker.mjs'));
