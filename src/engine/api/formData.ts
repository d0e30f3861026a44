/**
 * A save as multipart form data (SPEC §7: "form data when a file is attached"): each field of the
 * record as text, nested values in bracket notation, and the new file of each file field. The
 * server reads it back with the form schema (server/http/multipartForm.ts):
 * - strings as is, numbers and booleans as their text, null as an empty value (absent on the server);
 * - objects as `name[key]`, arrays as `name[]` (arrays of objects as `name[index][key]`);
 * - a file field sends its new file, or nothing when it has none (its stored value is the server's).
 */
export function toFormData(data: Record<string, unknown>, files: Readonly<Record<string, File | undefined>> = {}, fileFields: readonly string[] = []): FormData {
  const form = new FormData();
  const append = (name: string, value: unknown): void => {
    if (value === undefined) return;
    if (value === null) form.append(name, '');
    else if (Array.isArray(value)) {
      const nested = value.some((item) => item !== null && typeof item === 'object');
      value.forEach((item, index) => append(nested ? `${name}[${index}]` : `${name}[]`, item));
    } else if (typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) append(`${name}[${key}]`, item);
    } else form.append(name, String(value));
  };
  for (const [name, value] of Object.entries(data)) {
    if (fileFields.includes(name)) continue;
    append(name, value);
  }
  for (const field of fileFields) {
    const file = files[field];
    if (file) form.append(field, file, file.name);
  }
  return form;
}
