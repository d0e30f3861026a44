/** The placeholder of a `screenList` field's `fixed` parameters that stands for the form's record id. */
const RECORD_ID = '$recordId';

/** The fixed query parameters of an embedded list, `"$recordId"` replaced by the record's id. */
export function fixedParams(fixed: Readonly<Record<string, unknown>>, recordId: string | number): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fixed).map(([param, value]) => [param, value === RECORD_ID ? recordId : value]));
}
