import { decodeHTML } from 'entities';
import sanitizeHtml from 'sanitize-html';

/**
 * The allow-list of the rich text of custom pages, the trip policy and travel offers, enforced by
 * `sanitize-html` (ADR 0023): only the allowed elements survive, the only attribute is a link's
 * http, https or mailto address, and every text and attribute value is written out escaped.
 * Elements outside the list lose their tags and keep their text, except those whose content is
 * code, styles, embedded documents or foreign markup (SVG, MathML), which are dropped whole.
 */
const ALLOWED_ELEMENTS = ['p', 'br', 'strong', 'em', 'u', 'ul', 'ol', 'li', 'h2', 'h3', 'a', 'blockquote'];

/** Elements dropped together with everything inside them. */
const DROPPED_WITH_CONTENT = [
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
  'option',
  'plaintext',
];

const SAFE_URL = /^(?:https?:\/\/|mailto:)/i;

/**
 * A link target when it is an http, https or mailto address. Browsers drop tabs and newlines
 * anywhere in a URL and control characters and spaces around it ("java\tscript:" runs), so the
 * check looks at the address as the browser will; the parser has already decoded its entities.
 */
function safeHref(raw: string): string | null {
  const cleaned = raw
    .replace(/[\t\n\r]/g, '')
    // eslint-disable-next-line no-control-regex -- leading and trailing control characters are what browsers strip
    .replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '')
    .replace(/ /g, '%20');
  // eslint-disable-next-line no-control-regex -- any other control character makes the address unusable
  if (/[\u0000-\u001f\u007f]/.test(cleaned)) return null;
  return SAFE_URL.test(cleaned) ? cleaned : null;
}

/** A link keeps only its safe address; an external one opens apart from the application's window. */
function linkAttributes(attribs: sanitizeHtml.Attributes): sanitizeHtml.Attributes {
  const href = attribs.href === undefined ? null : safeHref(attribs.href);
  if (href === null) return {};
  return /^https?:/i.test(href) ? { href, rel: 'noopener noreferrer', target: '_blank' } : { href };
}

/**
 * The options of one sanitising pass. An element left with neither text nor a line break is dropped
 * (e.g. the "<p></p>" editors leave around a list); a paragraph holding only a line break stays, as
 * a deliberate blank line. The parser closes children before their parents, so the line breaks
 * written so far (by their place in the output) tell whether an element being closed holds one.
 * A link inside a link (which a browser would split into two) loses its tag and keeps its text.
 */
function passOptions(): sanitizeHtml.IOptions {
  let lineBreaksAt: number[] = [];
  let openLinks = 0;
  const transformLink = (tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag => {
    openLinks += 1;
    return { tagName, attribs: openLinks > 1 ? {} : linkAttributes(attribs) };
  };
  return {
    allowedTags: ALLOWED_ELEMENTS,
    allowedAttributes: { a: ['href', 'rel', 'target'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    allowedSchemesAppliedToAttributes: ['href'],
    allowProtocolRelative: false,
    disallowedTagsMode: 'discard',
    nonTextTags: DROPPED_WITH_CONTENT,
    // What browsers' editing commands and pasted documents produce, mapped to the allowed set.
    transformTags: {
      b: 'strong',
      i: 'em',
      div: 'p',
      h1: 'h2',
      h4: 'h3',
      h5: 'h3',
      h6: 'h3',
      a: transformLink,
    },
    exclusiveFilter: (frame) => {
      if (frame.tag === 'br') {
        lineBreaksAt.push(frame.tagPosition);
        return false;
      }
      if (frame.tag === 'a') {
        openLinks -= 1;
        // A link without a safe address loses its tag and keeps its text.
        if (!frame.attribs.href) return 'excludeTag';
      }
      const empty =
        frame.text.trim() === '' && !lineBreaksAt.some((position) => position > frame.tagPosition);
      if (empty) lineBreaksAt = lineBreaksAt.filter((position) => position < frame.tagPosition);
      return empty;
    },
  };
}

/** Sanitises rich text to the allow-list; the result is stable (sanitising it again changes nothing). */
export function sanitizeRichText(html: string): string {
  // The renaming (div to p, h1 to h2…) can leave a block inside a paragraph, which a browser's parser
  // would split differently; the second pass parses the renamed markup as a browser does, so what is
  // stored is what is shown and sanitising the result again changes nothing.
  return sanitizeHtml(sanitizeHtml(html, passOptions()), passOptions()).trim();
}

/** The visible text of rich text, for emptiness checks and previews. */
export function richTextToPlainText(html: string): string {
  return decodeHTML(
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
