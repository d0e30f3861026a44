import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { administrators } from './auth.js';
import { timestamps } from './columns.js';
import type { RolePermissions } from '../../../common/permissions.js';

/**
 * Roles: records staff edit, each granting permissions (`permissions`); an administrator holds one
 * or more, and what any of them grants is granted. The Owner role (`owner`) grants everything,
 * including screens and permissions added later: a flag, not a list. Names are unique whatever
 * their case.
 */
export const roles = pgTable(
  'roles',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    permissions: jsonb('permissions').$type<RolePermissions>().notNull().default({}),
    owner: boolean('owner').notNull().default(false),
    ...timestamps(),
  },
  (t) => [uniqueIndex('roles_name_unique').on(sql`lower(${t.name})`)],
);

/** The roles each administrator holds. */
export const administratorRoles = pgTable(
  'administrator_roles',
  {
    administratorId: integer('administrator_id')
      .notNull()
      .references(() => administrators.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ name: 'administrator_roles_pk', columns: [t.administratorId, t.roleId] }), index('administrator_roles_role_idx').on(t.roleId)],
);
