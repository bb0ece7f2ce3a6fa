/// <reference types="node" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

interface UnsupportedBrowserTexts {
  title: string;
  body: string;
}

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function textsOf(webRoot: string, language: 'pl' | 'en'): UnsupportedBrowserTexts {
  const common = JSON.parse(readFileSync(path.join(webRoot, 'src/locales', language, 'common.json'), 'utf8')) as { unsupportedBrowser: UnsupportedBrowserTexts };
  return common.unsupportedBrowser;
}

/**
 * Puts into the page what must work before (and without) the app's bundle: the theme colour and icons of the
 * installable app, and the spec §8 non-compatibility alert, hidden, in both languages from the locale files.
 * `public/browser-check.js` (a plain script, no syntax an old browser could fail on, allowed by the CSP as a
 * file of our origin) shows the alert when the browser lacks what the bundle needs.
 */
export function browserCheck(webRoot: string, themeColour: string): Plugin {
  return {
    name: 'delego-browser-check',
    transformIndexHtml() {
      const alert = (['pl', 'en'] as const)
        .map((language) => {
          const texts = textsOf(webRoot, language);
          return `<div lang="${language}"><strong>${escapeHtml(texts.title)}</strong><p>${escapeHtml(texts.body)}</p></div>`;
        })
        .join('');
      return [
        { tag: 'meta', attrs: { name: 'theme-color', content: themeColour }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' }, injectTo: 'head' },
        { tag: 'link', attrs: { rel: 'apple-touch-icon', href: '/apple-touch-icon.png' }, injectTo: 'head' },
        {
          tag: 'div',
          attrs: {
            id: 'unsupported-browser',
            role: 'alert',
            hidden: true,
            style: 'margin:2rem auto;max-width:40rem;padding:1rem 1.5rem;border:1px solid #e65100;background:#fff4e5;color:#663c00;font-family:sans-serif',
          },
          children: alert,
          injectTo: 'body-prepend',
        },
      ];
    },
  };
}
