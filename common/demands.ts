/**
 * A request (a 'demand' on the server) as `GET admin/demands` and `GET admin/demands/{id}` send it
 * (SPEC §3 'Request'): the user and the reading sheet it concerns, its dates as yyyy-MM-dd, its type
 * and status with their names, the staff's commentary, and the version a save must send back.
 * Timestamps are `Date` on the server and ISO strings once sent: the `D` parameter.
 */
export type DemandRecord<D = string> = {
  id: number;
  user_id: number;
  book_id: number | null;
  /** `name` is the user's display name, or their first and last name when they have none. */
  user: { id: number; name: string; company: string | null; email: string };
  book: { id: number; original_title: string; authorList: { id: number; name: string }[] } | null;
  demand_date: string;
  demand_end_date: string | null;
  demand_type_id: number;
  demand_type: { id: number; name: string };
  demand_status_id: number;
  demand_status: { id: number; name: string };
  commentary: string | null;
  version: number;
  created_at: D;
  updated_at: D;
};
