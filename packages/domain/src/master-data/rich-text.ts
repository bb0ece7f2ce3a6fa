/**
 * A strict allow-list sanitiser for the rich text of custom pages and the trip policy. It reads
 * the HTML with a small tokenizer (the domain has no DOM) and writes it out again from scratch:
 * only the allowed elements survive, the only attribute is a link's http, https or mailto address,
 * and every text and attribute value is escaped on the way out. Whatever the input, the output
 * can therefore contain no script, style, event handler or other URL scheme. Disallowed elements
 * are dropped and their text kept, except elements whose content is code or invisible, which
 * are dropped whole.
 */

const ALLOWED_ELEMENTS = new Set(['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a', 'blockquote']);

/** What browsers' editing commands and pasted documents produce, mapped to the allowed set. */
const RENAMED_ELEMENTS: Record<string, string> = { b: 'strong', i: 'em', div: 'p', h1: 'h2', h4: 'h3', h5: 'h3', h6: 'h3' };

/** Elements whose content is dropped with them: code, styles, embedded documents, form values. */
const DROPPED_WITH_CONTENT = new Set([
  'script',
  'style',
  'textarea',
  'title',
  'xmp',
  'iframe',
  'noembed',
  'noframes',
  'noscript',
  'template',
  'object',
  'embed',
  'svg',
  'math',
  'head',
  'select',
]);

/** Elements after which everything is raw text (browsers never end it). */
const PLAINTEXT_ELEMENT = 'plaintext';

const BLOCK_ELEMENTS = new Set(['p', 'ul', 'ol', 'h2', 'h3', 'blockquote']);
/** Blocks that cannot hold another block: a new block ends them (as browsers do for an open p). */
const PARAGRAPH_LIKE = new Set(['p', 'h2', 'h3']);
/** Containers a new block or list item does not close. */
const CONTAINERS = new Set(['li', 'blockquote', 'ul', 'ol']);

const SAFE_URL = /^(?:https?:\/\/|mailto:)/i;

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '\u2013',
  mdash: '\u2014',
  hellip: '\u2026',
  laquo: '\u00ab',
  raquo: '\u00bb',
  bdquo: '\u201e',
  ldquo: '\u201c',
  rdquo: '\u201d',
  lsquo: '\u2018',
  rsquo: '\u2019',
  copy: '\u00a9',
  reg: '\u00ae',
  euro: '\u20ac',
  sect: '\u00a7',
  deg: '\u00b0',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|[a-zA-Z]{2,8});?/g, (match, body: string) => {
    if (body.startsWith('#')) {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      const valid = code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff);
      return valid ? String.fromCodePoint(code) : '\ufffd';
    }
    const named = match.endsWith(';') ? NAMED_ENTITIES[body.toLowerCase()] : undefined;
    return named ?? match;
  });
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function escapeAttribute(value: string): string {
  return escapeText(value).replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/**
 * A link target when it is an http, https or mailto address. Browsers drop tabs and newlines
 * anywhere in a URL and control characters and spaces around it ("java\tscript:" runs), so the
 * check looks at the address as the browser will.
 */
function safeHref(raw: string): string | null {
  const cleaned = decodeEntities(raw)
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex -- leading and trailing control characters are what browsers strip
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/ /g, '%20');
  // eslint-disable-next-line no-control-regex -- any other control character makes the address unusable
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  return SAFE_URL.test(cleaned) ? cleaned : null;
}

interface Attribute {
  name: string;
  value: string;
}

type Token = { kind: 'text'; text: string } | { kind: 'start'; name: string; attributes: Attribute[] } | { kind: 'end'; name: string };

const TAG_OPEN = /<(\/?)([a-zA-Z][^\s/>]*)/y;
const ATTRIBUTE_NAME = /[^\s"'>/=]+/y;
const UNQUOTED_VALUE = /[^\s>]*/y;
const WHITESPACE = /[\s/]*/y;

function matchAt(pattern: RegExp, text: string, index: number): RegExpExecArray | null {
  pattern.lastIndex = index;
  return pattern.exec(text);
}

/** Splits HTML into text, start tags and end tags; comments, doctypes and the content of dropped elements never become tokens. */
function tokenize(html: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  while (index < html.length) {
    const lt = html.indexOf('<', index);
    if (lt === -1) {
      tokens.push({ kind: 'text', text: html.slice(index) });
      break;
    }
    if (lt > index) tokens.push({ kind: 'text', text: html.slice(index, lt) });
    index = lt;
    if (html.startsWith('<!--', index)) {
      const end = html.indexOf('-->', index + 4);
      index = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[index + 1] === '!' || html[index + 1] === '?') {
      const end = html.indexOf('>', index);
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    const open = matchAt(TAG_OPEN, html, index);
    if (!open) {
      tokens.push({ kind: 'text', text: '<' });
      index += 1;
      continue;
    }
    const isEnd = open[1] === '/';
    const name = open[2]!.toLowerCase();
    const attributes: Attribute[] = [];
    let cursor = index + open[0].length;
    while (cursor < html.length) {
      cursor += matchAt(WHITESPACE, html, cursor)?.[0].length ?? 0;
      if (cursor >= html.length) break;
      if (html[cursor] === '>') {
        cursor += 1;
        break;
      }
      const attributeName = matchAt(ATTRIBUTE_NAME, html, cursor);
      if (!attributeName) {
        cursor += 1;
        continue;
      }
      cursor += attributeName[0].length;
      let value = '';
      const afterName = cursor + (matchAt(/\s*/y, html, cursor)?.[0].length ?? 0);
      if (html[afterName] === '=') {
        cursor = afterName + 1;
        cursor += matchAt(/\s*/y, html, cursor)?.[0].length ?? 0;
        const quote = html[cursor];
        if (quote === '"' || quote === "'") {
          const close = html.indexOf(quote, cursor + 1);
          value = html.slice(cursor + 1, close === -1 ? html.length : close);
          cursor = close === -1 ? html.length : close + 1;
        } else {
          value = matchAt(UNQUOTED_VALUE, html, cursor)?.[0] ?? '';
          cursor += value.length;
        }
      }
      attributes.push({ name: attributeName[0].toLowerCase(), value });
    }
    index = cursor;
    if (isEnd) {
      tokens.push({ kind: 'end', name });
      continue;
    }
    if (name === PLAINTEXT_ELEMENT) break;
    if (DROPPED_WITH_CONTENT.has(name)) {
      const close = matchAt(new RegExp(`[\\s\\S]*?</${name.replace(/[^a-z0-9-]/g, '')}[\\s/>]`, 'iy'), html, index);
      if (!close) break;
      const end = html.indexOf('>', index + close[0].length - 1);
      index = end === -1 ? html.length : end + 1;
      continue;
    }
    tokens.push({ kind: 'start', name, attributes });
  }
  return tokens;
}

/** Sanitises rich text to the allow-list; the result is stable (sanitising it again changes nothing). */
export function sanitizeRichText(html: string): string {
  const out: string[] = [];
  const open: string[] = [];
  /** Where each open element's start tag sits in `out`. */
  const startAt: number[] = [];

  // An element that got no content is dropped rather than closed (e.g. the "<p></p>" browsers
  // leave around a list); a paragraph holding only a line break stays, as a deliberate blank line.
  const closeDownTo = (depth: number) => {
    while (open.length > depth) {
      const name = open.pop()!;
      const start = startAt.pop()!;
      if (out.length - 1 === start) out.pop();
      else out.push(`</${name}>`);
    }
  };
  /** The depth of the nearest open element matching `match`, not looking past a container. */
  const openIndex = (match: (name: string) => boolean, stopAtContainers: boolean): number => {
    for (let depth = open.length - 1; depth >= 0; depth -= 1) {
      const name = open[depth]!;
      if (match(name)) return depth;
      if (stopAtContainers && CONTAINERS.has(name)) return -1;
    }
    return -1;
  };

  for (const token of tokenize(html)) {
    if (token.kind === 'text') {
      out.push(escapeText(decodeEntities(token.text)));
      continue;
    }
    const name = RENAMED_ELEMENTS[token.name] ?? token.name;
    if (!ALLOWED_ELEMENTS.has(name)) continue;
    if (token.kind === 'end') {
      const depth = openIndex((candidate) => candidate === name, false);
      if (depth >= 0) closeDownTo(depth);
      continue;
    }
    if (name === 'br') {
      out.push('<br>');
      continue;
    }
    if (BLOCK_ELEMENTS.has(name)) {
      const paragraph = openIndex((candidate) => PARAGRAPH_LIKE.has(candidate), true);
      if (paragraph >= 0) closeDownTo(paragraph);
    } else if (name === 'li') {
      const item = openIndex((candidate) => candidate === 'li', false);
      const list = openIndex((candidate) => candidate === 'ul' || candidate === 'ol', false);
      if (item > list) closeDownTo(item);
    } else if (name === 'a') {
      const link = openIndex((candidate) => candidate === 'a', false);
      if (link >= 0) closeDownTo(link);
    }
    if (name === 'a') {
      const href = token.attributes.find((attribute) => attribute.name === 'href');
      const target = href ? safeHref(href.value) : null;
      // A link without a safe address is dropped; its text stays.
      if (target === null) continue;
      const external = /^https?:/i.test(target) ? ' rel="noopener noreferrer" target="_blank"' : '';
      out.push(`<a href="${escapeAttribute(target)}"${external}>`);
    } else {
      out.push(`<${name}>`);
    }
    open.push(name);
    startAt.push(out.length - 1);
  }
  closeDownTo(0);
  return out.join('').trim();
}

/** The visible text of rich text, for emptiness checks and previews. */
export function richTextToPlainText(html: string): string {
  return decodeEntities(
    html
      .replace(/<br\s*\/?>/gi, '\n')
      .replace(/<\/(p|li|h2|h3|blockquote)>/gi, '\n')
      .replace(/<[^>]*>/g, ''),
  )
    .replace(/\u00a0/g, ' ')
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

/** True when rich text shows nothing (e.g. the editor's empty "<p><br></p>"). */
export function isRichTextEmpty(html: string): boolean {
  return richTextToPlainText(sanitizeRichText(html)).trim() === '';
}
