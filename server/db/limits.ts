/** The largest value of a PostgreSQL `integer` (serial ids and their foreign keys). */
export const MAX_INT_ID = 2_147_483_647;
