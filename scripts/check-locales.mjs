#!/usr/bin/env node
// Fails when a translation key exists in one language and not the other (architecture: i18n).
// Every apps/web/src/locales/pl/*.json needs an en/*.json of the same name with the same keys.
// Plural forms count as their base key: Polish `x_one/_few/_many/_other` matches English
// `x_one/_other`. A plural group must also have every form its language needs.
// A file `<namespace>.<part>.json` adds its keys to `<namespace>` (apps/web/src/lib/i18n.ts): no key may be in two
// files of one namespace, or which text is shown would depend on the order the files arrive in.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = join(root, 'apps/web/src/locales');
const LANGUAGES = ['pl', 'en'];
/** The CLDR categories each language uses for integers and fractions. */
const REQUIRED_PLURAL_FORMS = { pl: ['one', 'few', 'many', 'other'], en: ['one', 'other'] };
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

const problems = [];

function jsonFiles(language) {
  const dir = join(localesDir, language);
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((name) => name.endsWith('.json'));
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    problems.push(`${relative(root, path)}: not valid JSON (${error.message})`);
    return null;
  }
}

/** Leaf keys as dotted paths; a non-string leaf is a problem of its own. */
function leafKeys(value, file, prefix = '', keys = []) {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (child !== null && typeof child === 'object' && !Array.isArray(child)) leafKeys(child, file, path, keys);
    else if (typeof child === 'string') keys.push(path);
    else problems.push(`${file}: "${path}" is not a string`);
  }
  return keys;
}

/** Base keys, plus the plural forms found for each plural base. */
function analyse(keys) {
  const bases = new Set();
  const pluralForms = new Map();
  for (const key of keys) {
    const match = PLURAL_SUFFIX.exec(key);
    const base = match ? key.slice(0, -match[0].length) : key;
    bases.add(base);
    if (match) pluralForms.set(base, [...(pluralForms.get(base) ?? []), match[1]]);
  }
  return { bases, pluralForms };
}

const fileNames = new Set(LANGUAGES.flatMap(jsonFiles));
/** Per language and namespace, the file each base key was first found in. */
const namespaceKeys = new Map();
for (const name of [...fileNames].sort()) {
  const analyses = {};
  for (const language of LANGUAGES) {
    const path = join(localesDir, language, name);
    const file = relative(root, path);
    if (!existsSync(path)) {
      problems.push(`${file}: missing (the other language has it)`);
      continue;
    }
    const content = readJson(path);
    if (content === null) continue;
    const analysis = analyse(leafKeys(content, file));
    analyses[language] = analysis;
    const namespace = `${language}/${name.split('.')[0]}`;
    const owners = namespaceKeys.get(namespace) ?? new Map();
    namespaceKeys.set(namespace, owners);
    for (const base of analysis.bases) {
      const owner = owners.get(base);
      if (owner) problems.push(`${file}: "${base}" is also in ${owner} (one namespace)`);
      else owners.set(base, file);
    }
    for (const [base, forms] of analysis.pluralForms) {
      const missing = REQUIRED_PLURAL_FORMS[language].filter((form) => !forms.includes(form));
      if (missing.length > 0) problems.push(`${file}: plural "${base}" lacks ${missing.map((form) => `_${form}`).join(', ')}`);
    }
  }
  const [first, second] = LANGUAGES;
  if (!analyses[first] || !analyses[second]) continue;
  for (const [from, to] of [
    [first, second],
    [second, first],
  ]) {
    for (const base of analyses[from].bases) {
      if (!analyses[to].bases.has(base)) problems.push(`${relative(root, join(localesDir, to, name))}: missing "${base}" (present in ${from})`);
    }
  }
}

if (problems.length > 0) {
  console.error(`Locale check failed (${problems.length}):`);
  for (const problem of problems) console.error(`  ${problem}`);
  process.exit(1);
}
console.log(`Locale check passed: ${fileNames.size} files in ${LANGUAGES.join(', ')}.`);
