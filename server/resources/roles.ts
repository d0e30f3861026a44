import { isOwnerRole, roleNameTaken } from '../db/repositories/auth/roleRepository.js';
import { roles } from '../db/schema/index.js';
import { conflict, unprocessable } from '../http/errors.js';
import { declaredStore } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { ANY, BOOLEAN } from '../../common/answerSchemas.js';

export const ROLE_MESSAGES = {
  nameTaken: 'The name has already been taken.',
  ownerKept: 'The Owner role cannot be deleted.',
} as const;

const fields = {
  id: { column: 'id' },
  name: { column: 'name' },
  description: { column: 'description' },
  permissions: {
    column: 'permissions',
    schema: {
      type: 'object',
      additionalProperties: ANY,
      description: 'What the role grants: screens (actions, fields, rows) and system permissions (docs/permissions.md)',
    },
    returned: 'record',
    writable: false,
  },
  owner: { column: 'owner', writable: false },
  canBeDeleted: { computed: 'false for the Owner role', schema: BOOLEAN, compute: (record) => record.owner !== true },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * Roles (`admin/roles`, docs/permissions.md): records staff edit, each granting permissions; an
 * administrator holds one or more (`role_ids`). The Owner role grants everything and cannot be
 * deleted. Names are unique whatever their case.
 */
export const roleResource: CustomResourceDefinition = {
  api: 'roles',
  label: 'Role',
  screen: 'roles',
  table: roles,
  fields,
  filters: { name: { column: ['name', 'description'], op: 'search' } },
  store: declaredStore({
    table: roles,
    fields,
    rules: {
      /** Rule: a name is unique whatever its case. */
      async beforeSave(db, id, body) {
        if (await roleNameTaken(db, String(body.name), id)) throw unprocessable({ name: [ROLE_MESSAGES.nameTaken] });
        return { description: typeof body.description === 'string' ? body.description : '' };
      },
      unique: { field: 'name', message: ROLE_MESSAGES.nameTaken },
      /** Rule: the Owner role stays. */
      async beforeDelete(db, id) {
        if (await isOwnerRole(db, id)) throw conflict(ROLE_MESSAGES.ownerKept);
      },
    },
  }),
};
