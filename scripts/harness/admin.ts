/** The administrator the test apps and the load bench create and log in as. */
export const ADMIN = { email: 'staff@scouting.test', password: 'correct horse battery' };
