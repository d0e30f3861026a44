import { manifestOf } from '../../engine/resource/definitions';

const userForm = manifestOf('users').routes.form;
if (!userForm) throw new Error('schemas/users.screen.json declares no routes.form: the dashboard cannot link its users');

/** The user screen of one user (schemas/users.screen.json's form route). */
export const userPath = (id: number) => userForm.path.replace(/:id\??$/, String(id));
