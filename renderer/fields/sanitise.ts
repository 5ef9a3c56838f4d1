import DOMPurify from 'dompurify';

/** What rich text may hold when shown: text structure, tables and links; nothing that runs or restyles the page. */
export const RICH_TEXT_POLICY = {
  ALLOWED_TAGS: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'ul', 'ol', 'li', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'span', 'div', 'a', 'table', 'tr', 'td', 'th', 'thead', 'tbody', 'blockquote', 'code', 'pre', 'hr'],
  ALLOWED_ATTR: ['href', 'title', 'colspan', 'rowspan'],
  ALLOW_DATA_ATTR: false,
};

/**
 * Rich text (notices, letters, descriptions) as safe HTML: DOMPurify, the well-kept sanitiser,
 * keeps only the tags and attributes above and drops script URLs; a hand-written list of
 * patterns is what an attacker's markup is written to slip past.
 */
export function sanitise(html: string): string {
  return DOMPurify.sanitize(html, RICH_TEXT_POLICY);
}
