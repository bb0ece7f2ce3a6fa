import { isRichTextEmpty } from './rich-text.ts';

/**
 * A page's title and content in the reader's language: English readers get the English text,
 * and the Polish one wherever the English is empty.
 */
export function pageInLanguage(
  page: { title_pl: string; title_en: string; content_pl: string; content_en: string },
  language: string,
): { title: string; content: string } {
  const english = language.startsWith('en');
  return {
    title: english && page.title_en.trim() !== '' ? page.title_en : page.title_pl,
    content: english && !isRichTextEmpty(page.content_en) ? page.content_en : page.content_pl,
  };
}
