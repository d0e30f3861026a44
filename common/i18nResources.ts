/**
 * Builds the i18next resources from the JSON files under ./locales: `<lng>/common.json` at the
 * root, `<lng>/screens/<resource>.json` under `screens.<resource>`. Shared with the schema lint.
 */
export type Messages = { [key: string]: string | Messages };

export function buildResources(files: Record<string, Messages>): Record<string, { translation: Messages }> {
  const resources: Record<string, { translation: Messages }> = {};
  for (const [file, messages] of Object.entries(files)) {
    const match = /locales\/([a-z]{2})\/(?:(screens)\/)?([\w-]+)\.json$/.exec(file);
    if (!match) throw new Error(`Unexpected locale file ${file}`);
    const [, lng, folder, name] = match;
    const translation = (resources[lng!] ??= { translation: {} }).translation;
    if (folder) {
      const screens = (translation.screens ??= {}) as Messages;
      screens[name!] = messages;
    } else Object.assign(translation, messages);
  }
  return resources;
}

/**
 * Every text of a nested labels tree by its dotted key, in the tree's order:
 * `{ columns: { name: 'Name' } }` under `screens.genres` gives `screens.genres.columns.name` → 'Name'.
 * The namespace (none by default) prefixes each key with a dot. Only plain objects are walked and
 * only strings kept: an array, null, a number or a boolean has no texts (a screen's labels holding
 * one are refused where they are checked, server/screens/screenService.ts), so any input is safe.
 */
export function textsByDottedKey(labels: unknown, namespace = ''): Map<string, string> {
  const texts = new Map<string, string>();
  const walk = (node: unknown, path: readonly string[]): void => {
    if (!node || typeof node !== 'object' || Array.isArray(node)) return;
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string') texts.set([...path, key].join('.'), value);
      else walk(value, [...path, key]);
    }
  };
  walk(labels, namespace ? [namespace] : []);
  return texts;
}
