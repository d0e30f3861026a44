/** New files by multipart name (`image`, `documentList[]`), each name's files in the order they are sent. */
export type NewFiles = Readonly<Record<string, readonly File[]>>;

/**
 * A save as one multipart body (SPEC §7: "form data when a file is attached"): each field of the
 * record as text, nested values in bracket notation, then the new files by multipart name. The
 * server reads it back with the form schema (server/http/multipartForm.ts):
 * - strings as is, numbers and booleans as their text, null as an empty value (absent on the server);
 * - objects as `name[key]`, arrays as `name[]` (arrays of objects as `name[index][key]`);
 * - each file under its name, with its own file name, in the order of `files`.
 */
export function toFormData(data: Record<string, unknown>, files: NewFiles = {}): FormData {
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
  for (const [name, value] of Object.entries(data)) append(name, value);
  for (const [name, list] of Object.entries(files)) for (const file of list) form.append(name, file, file.name);
  return form;
}
