import sanitizeHtml from 'sanitize-html';

/**
 * What a rich-text field may keep (the toolbar of the `richText` widget): paragraphs and headings,
 * bold, italic, underline, strike-through, lists, quotes, alignment and indentation classes, and
 * http(s)/mailto links, which open in a new tab without access to the opener. Everything else is
 * dropped: scripts and styles with their content, event handlers, inline styles, images, iframes,
 * `javascript:` and data URLs. Other tags are removed but their text is kept.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'h1', 'h2', 'h3', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'ol', 'ul', 'li', 'blockquote', 'a'],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    li: ['data-list'],
  },
  allowedClasses: {
    p: ['ql-align-*', 'ql-indent-*'],
    li: ['ql-align-*', 'ql-indent-*'],
    h1: ['ql-align-*'],
    h2: ['ql-align-*'],
    h3: ['ql-align-*'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'svg', 'math', 'template'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...(attribs.href ? { href: attribs.href } : {}), target: '_blank', rel: 'noopener noreferrer' },
    }),
    li: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.class ? { class: attribs.class } : {}),
        ...(attribs['data-list'] && /^(bullet|ordered)$/.test(attribs['data-list']) ? { 'data-list': attribs['data-list'] } : {}),
      },
    }),
  },
};

/** The HTML of a rich-text field as the server stores it (see OPTIONS). */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** The visible text of stored HTML (for search and for telling an empty editor from content). */
export function richTextToPlain(html: string): string {
  return sanitizeHtml(html, { allowedTags: [], allowedAttributes: {}, nonTextTags: OPTIONS.nonTextTags! })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}
