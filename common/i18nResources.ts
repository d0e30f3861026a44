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

/** Flattens nested messages to dotted keys. */
export function flattenKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : flattenKeys(value, `${prefix}${key}.`),
  );
}
