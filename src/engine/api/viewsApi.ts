import type { DefaultViewBody, NewViewBody, ViewAnswer, ViewChangeBody } from '../../../common/viewAnswers';
import { call } from './apiClient';

export type { ViewAnswer } from '../../../common/viewAnswers';

/** The calls of the saved views (`admin/views`, docs/saved-views.md); the Views menu says their outcome itself. */
export const viewsApi = {
  list: async (screen: string, signal?: AbortSignal) =>
    (await call<{ data: ViewAnswer[] }>('get', 'views', { searchParams: { screen }, ...(signal ? { signal } : {}) })).data,
  create: async (body: NewViewBody) => (await call<{ message: string; data: ViewAnswer }>('post', 'views', { json: body, silentSuccess: true })).data,
  update: async (id: number, change: ViewChangeBody) =>
    (await call<{ message: string; data: ViewAnswer }>('put', `views/${id}`, { json: change, silentSuccess: true })).data,
  remove: (id: number) => call<{ message: string }>('delete', `views/${id}`, { silentSuccess: true }),
  setDefault: (body: DefaultViewBody) => call<{ message: string }>('put', 'views/default', { json: body, silentSuccess: true }),
};
