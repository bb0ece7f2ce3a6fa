import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { HtmlTagDescriptor, IndexHtmlTransformHook } from 'vite';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserCheck } from '../../browser-check.ts';

const webRoot = path.resolve(import.meta.dirname, '../..');
const script = readFileSync(path.join(webRoot, 'public/browser-check.js'), 'utf8');

/** The page as the build makes it: the hidden alert the plugin puts in, with the texts of both locale files. */
function alertHtml(): string {
  // The hook uses no plugin context, so it is called as a plain function.
  const transform = browserCheck(webRoot, '#0b4f8a').transformIndexHtml as (...args: Parameters<IndexHtmlTransformHook>) => HtmlTagDescriptor[];
  const tags = transform('', { path: '/index.html', filename: 'index.html' });
  const alert = tags.find((tag) => tag.attrs?.id === 'unsupported-browser');
  if (!alert) throw new Error('the plugin put no alert into the page');
  return `<div id="unsupported-browser" role="alert" hidden>${String(alert.children)}</div>`;
}

/** Runs the plain script as the page's `<script src>` does, in the global scope. */
const runCheck = () => new Function(script)() as void;

const alert = () => document.getElementById('unsupported-browser');

beforeEach(() => {
  document.body.innerHTML = `${alertHtml()}<div id="root"></div>`;
  document.documentElement.removeAttribute('data-unsupported-browser');
  // jsdom runs no modules and so lacks the property every browser that runs modules has.
  Object.defineProperty(HTMLScriptElement.prototype, 'noModule', { value: false, configurable: true, writable: true });
});
afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(HTMLScriptElement.prototype, 'noModule');
});

describe('the old-browser check before the app boots', () => {
  it('leaves a current browser to the app', () => {
    runCheck();
    expect(alert()?.hidden).toBe(true);
    expect(document.documentElement.hasAttribute('data-unsupported-browser')).toBe(false);
  });

  it.each(['structuredClone', 'fetch'])('shows the non-compatibility alert in both languages when %s is missing, and tells the app not to boot', (feature) => {
    vi.stubGlobal(feature, undefined);
    runCheck();
    expect(alert()?.hidden).toBe(false);
    expect(alert()?.textContent).toContain('Ta przeglądarka nie jest obsługiwana');
    expect(alert()?.textContent).toContain('This browser is not supported');
    expect(document.documentElement.hasAttribute('data-unsupported-browser')).toBe(true);
  });

  it('shows the alert in a browser without modules (Internet Explorer)', () => {
    Reflect.deleteProperty(HTMLScriptElement.prototype, 'noModule');
    runCheck();
    expect(alert()?.hidden).toBe(false);
  });

  it('shows the alert in a browser without Array#findLast (older than the build target)', () => {
    const findLast = Object.getOwnPropertyDescriptor(Array.prototype, 'findLast');
    if (!findLast) throw new Error('the test runtime has Array#findLast');
    Reflect.deleteProperty(Array.prototype, 'findLast');
    try {
      runCheck();
    } finally {
      Object.defineProperty(Array.prototype, 'findLast', findLast);
    }
    expect(alert()?.hidden).toBe(false);
  });
});
