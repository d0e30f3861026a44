/**
 * The i18n namespace of a screen's own texts, where its published labels go: from its title key
 * (`screens.requests.title` → `screens.requests`), else `screens.<resource>`. The server and the
 * studio compute it alike.
 */
export function labelNamespace(definition: { title?: unknown; resource?: unknown }): string {
  const title = typeof definition.title === 'string' ? definition.title : '';
  return title.split('.').length > 2 ? title.split('.').slice(0, 2).join('.') : `screens.${String(definition.resource)}`;
}
