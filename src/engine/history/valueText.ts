import type { TFunction } from 'i18next';
import type { Json } from '../../../common/recordChanges';
import { valueText as wordsOf } from '../../../common/valueText';

export { isEmptyValue, itemText } from '../../../common/valueText';

/** Past this length, or on several lines, a text shows as a word-by-word difference rather than `old → new`. */
const LONG_TEXT = 80;

/** A text long enough, or on several lines, to be compared word by word. */
export const isLongText = (value: Json | undefined): value is string => typeof value === 'string' && (value.length > LONG_TEXT || value.includes('\n'));

/** The words of rich text (HTML), one line a paragraph: what a reader of the field sees. */
export function plainText(html: string): string {
  const document = new DOMParser().parseFromString(html.replace(/<\/(p|div|li|h[1-6]|blockquote)>|<br\s*\/?>/gi, '$&\n'), 'text/html');
  return (document.body.textContent ?? '').replace(/\n{2,}/g, '\n').trim();
}

/** common/valueText.ts's `valueText` in the browser: the interface's texts, rich text read by the browser's parser. */
export function valueText(value: Json | undefined, t: TFunction, widget?: unknown): string {
  return wordsOf(value, { t: (key) => t(key), htmlText: plainText }, widget);
}
