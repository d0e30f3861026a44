import type { WidgetProps } from '@rjsf/utils';
import { Editor } from 'primereact/editor';
import { useTranslation } from 'react-i18next';
import type { RichTextOptions } from '../../../common/widgetOptions/richText';

/** Quill formats the editor keeps (pasted content is reduced to them); the server's sanitiser allows the same. */
const RICH_TEXT_FORMATS = ['header', 'bold', 'italic', 'underline', 'strike', 'list', 'indent', 'align', 'link', 'blockquote'];

/** `ui:options.height` as a CSS length: a number is pixels; 300 px by default (SPEC §9, news editor). */
export function editorHeight(height: unknown): string {
  if (typeof height === 'number' && height > 0) return `${height}px`;
  if (typeof height === 'string' && /^\d+(\.\d+)?(px|rem|em|vh)$/.test(height)) return height;
  return '300px';
}

/**
 * Quill turns each toolbar select into a picker whose button (`.ql-picker-label`, role button) has
 * no name, while the select's name stays on the picker's wrapper, where it names nothing: the name
 * goes to the button.
 */
function nameToolbarPickers(quill: unknown): void {
  const toolbar = (quill as { getModule(name: string): { container?: HTMLElement } | undefined }).getModule('toolbar')?.container;
  toolbar?.querySelectorAll('.ql-picker').forEach((picker) => {
    const name = picker.getAttribute('aria-label');
    const button = picker.querySelector('.ql-picker-label');
    if (!name || !button) return;
    button.setAttribute('aria-label', name);
    picker.removeAttribute('aria-label');
  });
}

/**
 * HTML edited with PrimeReact's Editor (Quill): headings, bold, italic, underline, strike-through,
 * lists, alignment, quotes and links. An empty editor is an empty value. The server sanitises what
 * it stores (server/services/richText.ts). Options: `height` (CSS length or pixels, default 300 px).
 */
export function RichTextWidget({ id, value, onChange, disabled, readonly, options, rawErrors, placeholder, label }: WidgetProps) {
  const { t } = useTranslation();
  const header = (
    <>
      <span className="ql-formats">
        <select className="ql-header" defaultValue="0" aria-label={t('form.richText.heading')}>
          <option value="1">{t('form.richText.heading')}</option>
          <option value="2">{t('form.richText.subheading')}</option>
          <option value="0">{t('form.richText.normal')}</option>
        </select>
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-bold" aria-label={t('form.richText.bold')} />
        <button type="button" className="ql-italic" aria-label={t('form.richText.italic')} />
        <button type="button" className="ql-underline" aria-label={t('form.richText.underline')} />
        <button type="button" className="ql-strike" aria-label={t('form.richText.strike')} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-list" value="ordered" aria-label={t('form.richText.orderedList')} />
        <button type="button" className="ql-list" value="bullet" aria-label={t('form.richText.bulletList')} />
        <select className="ql-align" aria-label={t('form.richText.align')} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-link" aria-label={t('form.richText.link')} />
        <button type="button" className="ql-blockquote" aria-label={t('form.richText.blockquote')} />
      </span>
      <span className="ql-formats">
        <button type="button" className="ql-clean" aria-label={t('form.richText.clean')} />
      </span>
    </>
  );
  return (
    <div id={id} className={`rich-text-widget${rawErrors?.length ? ' invalid' : ''}`} role="group" aria-label={label} data-field={id}>
      <Editor
        value={typeof value === 'string' ? value : ''}
        onTextChange={(e) => onChange(e.htmlValue ?? undefined)}
        headerTemplate={header}
        formats={RICH_TEXT_FORMATS}
        readOnly={disabled || readonly}
        placeholder={placeholder}
        style={{ height: editorHeight((options as RichTextOptions).height) }}
        onLoad={nameToolbarPickers}
      />
    </div>
  );
}
