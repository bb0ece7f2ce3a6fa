import { sanitizeRichText } from '../master-data/rich-text.ts';

/**
 * Rich text from the shared editor reduced to what an offer body may hold: it is sanitised, its
 * headings and quotes become paragraphs and its links their text, so a pasted page still saves.
 */
export function toSimpleOfferHtml(html: string): string {
  return sanitizeRichText(html)
    .replace(/<(\/?)(?:h2|h3|blockquote)>/g, '<$1p>')
    .replace(/<a\s[^>]*>|<\/a>/g, '');
}
