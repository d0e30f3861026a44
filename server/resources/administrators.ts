import { pgErrorCode, PG_ERRORS } from '../db/errors.js';
import {
  administratorEmailTaken,
  deleteAdministrator,
  findAdministratorRecord,
  insertAdministrator,
  listAdministrators,
  updateAdministrator,
} from '../db/repositories/administratorRepository.js';
import { revokeAdministratorSessions } from '../db/repositories/sessionRepository.js';
import { administrators } from '../db/schema/index.js';
import { conflict, unprocessable, type FieldErrors } from '../http/errors.js';
import { currentRequest } from '../http/requestContext.js';
import type { CustomResourceDefinition } from './types.js';

export const ADMINISTRATOR_MESSAGES = {
  emailTaken: 'The email has already been taken.',
  passwordRequired: 'The password field is required.',
  ownAccount: 'You cannot delete your own account.',
} as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The record with `canBeDeleted`: false on the caller's own account (the list hides its delete button). */
function withDeletable<T extends { id: number }>(record: T): T & { canBeDeleted: boolean } {
  return { ...record, canBeDeleted: record.id !== currentRequest()?.administratorId };
}

/**
 * Administrators (`admin/administrators`): the staff who log in. The password is hashed
 * (argon2id) and never sent back; it is required on create, and an absent or null password on
 * edit keeps the current one. A new password revokes the administrator's other sessions. The
 * e-mail is unique whatever its case. Nobody can delete their own account (`canBeDeleted` is false
 * on it). The last name may be empty (the first administrator, made from ADMIN_EMAIL, has none).
 */
export const administratorResource: CustomResourceDefinition = {
  api: 'administrators',
  label: 'Administrator',
  screen: 'administrators',
  table: administrators,
  fields: {
    id: { column: 'id' },
    firstname: { column: 'firstname' },
    lastname: { column: 'lastname' },
    name: { computed: 'first name and last name' },
    email: { column: 'email' },
    password: { column: 'passwordHash', returned: 'never', writable: true },
    canBeDeleted: { computed: "false on the caller's own account" },
  },
  filters: { name: { column: ['firstname', 'lastname', 'email'], op: 'search' } },
  store: {
    async list(db, query) {
      const { rows, total } = await listAdministrators(db, { where: query.where, paging: query });
      return { rows: rows.map(withDeletable), total };
    },
    find: async (db, id) => {
      const record = await findAdministratorRecord(db, id);
      return record && withDeletable(record);
    },
    async save(db, id, body, _files, context) {
      const values = { firstname: text(body.firstname), lastname: text(body.lastname), email: text(body.email) };
      const password = text(body.password) || undefined;
      const errors: FieldErrors = {};
      if (await administratorEmailTaken(db, values.email, id)) errors.email = [ADMINISTRATOR_MESSAGES.emailTaken];
      if (id === undefined && !password) errors.password = [ADMINISTRATOR_MESSAGES.passwordRequired];
      if (Object.keys(errors).length > 0) throw unprocessable(errors);
      const passwordHash = password === undefined ? undefined : await context.hashPassword(password);
      try {
        if (id === undefined) {
          const { id: created } = await insertAdministrator(db, { ...values, passwordHash: passwordHash! });
          return withDeletable((await findAdministratorRecord(db, created))!);
        }
        const record = await updateAdministrator(db, id, { ...values, ...(passwordHash ? { passwordHash } : {}) });
        if (passwordHash) {
          const caller = currentRequest();
          await revokeAdministratorSessions(db, id, new Date(), caller?.administratorId === id ? caller.sessionId : undefined);
        }
        return withDeletable(record!);
      } catch (error) {
        // Two saves racing for one e-mail: the unique index decides.
        if (pgErrorCode(error) === PG_ERRORS.uniqueViolation) throw unprocessable({ email: [ADMINISTRATOR_MESSAGES.emailTaken] });
        throw error;
      }
    },
    async remove(db, id) {
      if (currentRequest()?.administratorId === id) throw conflict(ADMINISTRATOR_MESSAGES.ownAccount);
      return deleteAdministrator(db, id);
    },
  },
};
