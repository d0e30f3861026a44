import { administratorEmailTaken } from '../db/repositories/auth/administratorRepository.js';
import { revokeAdministratorSessions } from '../db/repositories/auth/sessionRepository.js';
import { administratorRoles, administrators, roles } from '../db/schema/index.js';
import { conflict, forbidden, unprocessable, type FieldErrors } from '../http/errors.js';
import { heldRoles, ownerCount, roleIdsOf } from '../db/repositories/auth/roleRepository.js';
import type { Db } from '../db/client.js';
import { beyond, effectivePermissions } from '../../common/permissions.js';
import { currentRequest } from '../http/requestContext.js';
import { declaredStore } from '../engine/declaredStore.js';
import type { CustomResourceDefinition } from '../engine/resourceTypes.js';
import { BOOLEAN, STRING } from '../../common/answerSchemas.js';

export const ADMINISTRATOR_MESSAGES = {
  emailTaken: 'The email has already been taken.',
  passwordRequired: 'The password field is required.',
  ownAccount: 'You cannot delete your own account.',
  lastOwner: 'This is the last Owner: give the Owner role to another administrator first.',
  ownerOnly: 'Only an Owner gives or takes the Owner role.',
} as const;

/**
 * Rule: no escalation (docs/permissions.md). The roles an administrator who is not an Owner gives
 * grant nothing beyond their own, and the Owner role is given and taken by Owners only (403).
 */
async function checkRoleGrant(db: Db, id: number | undefined, sent: readonly number[]): Promise<void> {
  const caller = currentRequest()?.permissions;
  if (!caller || caller.owner) return;
  const current = id === undefined ? [] : await roleIdsOf(db, id);
  const added = sent.filter((role) => !current.includes(role));
  const removed = current.filter((role) => !sent.includes(role));
  const touched = await heldRoles(db, [...added, ...removed]);
  if (touched.some((role) => role.owner)) throw forbidden(ADMINISTRATOR_MESSAGES.ownerOnly);
  const addedRoles = await heldRoles(db, added);
  const exceeding = beyond(effectivePermissions(addedRoles), caller, (screen) => screen);
  if (exceeding) throw forbidden(`You cannot give a role that grants more than yours: it grants ${exceeding}.`);
}

const fields = {
  id: { column: 'id' },
  firstname: { column: 'firstname' },
  lastname: { column: 'lastname' },
  name: { computed: 'first name and last name', schema: STRING, compute: (record) => `${String(record.firstname)} ${String(record.lastname ?? '')}`.trim() },
  email: { column: 'email' },
  password: { column: 'passwordHash', returned: 'never', writable: true, writtenBy: 'hashed (argon2id); an empty one on edit keeps the current hash' },
  // The roles it holds (docs/permissions.md): what any of them grants is granted.
  role_ids: { relation: { ids: administratorRoles, from: 'administratorId', to: 'roleId', target: roles, label: 'role' }, writable: true, returned: 'record' },
  canBeDeleted: { computed: "false on the caller's own account", schema: BOOLEAN, compute: (record) => record.id !== currentRequest()?.administratorId },
} as const satisfies CustomResourceDefinition['fields'];

/**
 * Administrators (`admin/administrators`): the staff who log in. The password is hashed
 * (argon2id) and never sent back; it is required on create, and an absent or null password on
 * edit keeps the current one. A new password revokes the administrator's other sessions. The
 * e-mail is unique whatever its case. Nobody can delete their own account (`canBeDeleted` is false
 * on it). The last name may be empty (the first administrator, made from ADMIN_EMAIL, has none).
 * One restored from the history after a delete comes back without a password and is mailed a link
 * to set one (server/auth/passwordLinks.ts); the restore says so.
 */
export const administratorResource: CustomResourceDefinition = {
  api: 'administrators',
  label: 'Administrator',
  screen: 'administrators',
  table: administrators,
  fields,
  filters: { name: { column: ['firstname', 'lastname', 'email'], op: 'search' } },
  recreatedNotice: (record, context) => {
    const who = `${String(record.name ?? record.email)} has no password yet`;
    return context.mailConfigured
      ? `${who}: a link to set one was e-mailed to ${String(record.email)}.`
      : `${who}: the e-mail with a link to set one waits until e-mail sending is set up on this server (ask your administrator or technical team), then goes to ${String(record.email)}.`;
  },
  store: declaredStore({
    table: administrators,
    fields,
    rules: {
      /**
       * Rules: the e-mail is unique whatever its case; a password is required on create and stored
       * hashed. An administrator brought back from the history comes back without one (a revision
       * keeps no password): a password nobody knows until they set theirs (`afterSave`).
       */
      async beforeSave(db, id, body, context) {
        const password = typeof body.password === 'string' && body.password !== '' ? body.password : undefined;
        const errors: FieldErrors = {};
        if (await administratorEmailTaken(db, String(body.email), id)) errors.email = [ADMINISTRATOR_MESSAGES.emailTaken];
        if (id === undefined && !password && context.recreate === undefined) errors.password = [ADMINISTRATOR_MESSAGES.passwordRequired];
        if (Object.keys(errors).length > 0) throw unprocessable(errors);
        if (Array.isArray(body.role_ids)) await checkRoleGrant(db, id, body.role_ids as number[]);
        const passwordHash = password !== undefined ? await context.hashPassword(password) : id === undefined ? await context.unknownPasswordHash() : undefined;
        return { lastname: typeof body.lastname === 'string' ? body.lastname : '', passwordHash };
      },
      /**
       * Rules: a new password revokes the administrator's other sessions (the caller's own is kept);
       * one restored without a password is mailed a link to set theirs, with the record's commit.
       */
      async afterSave(db, id, body, context) {
        // Rule: the last Owner keeps the role (the save is undone, in its transaction).
        if (Array.isArray(body.role_ids) && (await ownerCount(db)) === 0) throw unprocessable({ role_ids: [ADMINISTRATOR_MESSAGES.lastOwner] });
        const password = typeof body.password === 'string' && body.password !== '';
        if (context.recreate !== undefined && !password) await context.mailPasswordLink(db, id, context.afterCommit);
        if (!password) return;
        const caller = currentRequest();
        await revokeAdministratorSessions(db, id, new Date(), caller?.administratorId === id ? caller.sessionId : undefined);
      },
      unique: { field: 'email', message: ADMINISTRATOR_MESSAGES.emailTaken },
      /** Rules: nobody deletes their own account, nor the last Owner. */
      async beforeDelete(db, id) {
        if (currentRequest()?.administratorId === id) throw conflict(ADMINISTRATOR_MESSAGES.ownAccount);
        const owners = await ownerCount(db);
        if (owners > 0 && (await ownerCount(db, id)) === 0) throw conflict(ADMINISTRATOR_MESSAGES.lastOwner);
      },
    },
  }),
};
