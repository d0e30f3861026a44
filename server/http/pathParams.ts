/**
 * `/…/:id` as a JSON Schema, so a route's `request.params` type is derived from it (the JSON Schema
 * type provider) instead of being written beside it. Path segments are strings: each route parses
 * its ids itself (`parseId`), answering 404 for a malformed one as for an unknown one.
 */
export const idParamsSchema = { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } as const;

/** The id of a save's path, undefined for a create: SPEC §7 'POST admin/{resource}/{id} (empty id creates)'. */
export const savedRecordId = (rawId: string | undefined): string | undefined => (rawId === '' ? undefined : rawId);
