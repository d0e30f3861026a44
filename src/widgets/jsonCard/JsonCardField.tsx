import type { FieldProps } from '@rjsf/utils';

/** JSON text indented by two spaces; text that is not JSON is shown as is. */
export function prettyJson(text: unknown): string {
  if (typeof text !== 'string') return text === undefined || text === null ? '' : JSON.stringify(text, null, 2);
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/**
 * A read-only card showing a JSON text pretty-printed (the AI prompt's JSON structure). The value
 * is kept as loaded and sent back unchanged.
 */
export function JsonCardField({ formData, schema, fieldPathId }: FieldProps<string>) {
  const id = fieldPathId.$id;
  return (
    <section className="json-card" aria-labelledby={`${id}__title`}>
      <div id={`${id}__title`} className="section-title">
        {schema.title}
      </div>
      <pre id={id} className="json-card-body" tabIndex={0}>
        {prettyJson(formData) || '-'}
      </pre>
    </section>
  );
}
