import type { DemandRecord } from '../../../common/demands';

/** One request as `GET admin/demands` sends it, for the tests of the requests table's parts. */
export const SAMPLE_REQUEST: DemandRecord = {
  id: 9,
  user_id: 7,
  book_id: 12,
  user: { id: 7, name: 'Ann Lee', company: 'Films', email: 'ann@example.test' },
  book: { id: 12, original_title: 'Dune', authorList: [{ id: 1, name: 'Frank Herbert' }] },
  demand_date: '2026-11-02',
  demand_end_date: null,
  demand_type_id: 2,
  demand_type: { id: 2, name: 'Option' },
  demand_status_id: 1,
  demand_status: { id: 1, name: 'New' },
  commentary: null,
  version: 3,
  created_at: '2026-11-02T10:00:00Z',
  updated_at: '2026-11-02T10:00:00Z',
};
