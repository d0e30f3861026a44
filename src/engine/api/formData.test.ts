import { afterEach, describe, expect, it, vi } from 'vitest';
import * as apiClient from './apiClient';
import { toFormData } from './formData';
import { resourceApi } from './resourceApi';

vi.mock('./apiClient', async (original) => ({ ...(await original<typeof apiClient>()), call: vi.fn() }));

const entries = (form: FormData) => [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);

afterEach(() => vi.restoreAllMocks());

describe('toFormData', () => {
  it('sends fields as text, nested values in brackets, null as empty, and the new file of each file field', () => {
    const image = new File(['png'], 'photo.png', { type: 'image/png' });
    const form = toFormData(
      { id: 3, title: 'Spring', type: 1, published: true, link: null, skipped: undefined, image: '/api/admin/files/news/a.png', names: { en: 'A', fr: 'B' }, ids: [4, 5], list: [{ name: 'x' }] },
      { image },
      ['image'],
    );
    expect(entries(form)).toEqual([
      ['id', '3'],
      ['title', 'Spring'],
      ['type', '1'],
      ['published', 'true'],
      ['link', ''],
      ['names[en]', 'A'],
      ['names[fr]', 'B'],
      ['ids[]', '4'],
      ['ids[]', '5'],
      ['list[0][name]', 'x'],
      ['image', 'file:photo.png'],
    ]);
  });

  it('sends nothing for a file field without a new file (the stored file stays the server’s)', () => {
    expect(entries(toFormData({ title: 'T', image: '/api/admin/files/news/a.png' }, {}, ['image']))).toEqual([['title', 'T']]);
  });
});

describe('resourceApi.save', () => {
  it('creates with POST, updates with the form method, and sends multipart form data when asked', async () => {
    const call = vi.mocked(apiClient.call).mockResolvedValue({ message: 'Saved', data: { id: 7 } });
    await resourceApi.save('ai-prompts', 7, { contents: { en: 'x' } }, { method: 'put' });
    await resourceApi.save('genres', 7, { names: { en: 'x' } });
    const image = new File(['x'], 'a.png');
    await resourceApi.save('news', undefined, { title: 'T' }, { method: 'put', multipart: true, fileFields: ['image'], files: { image } });
    const [put, post, create] = call.mock.calls;
    expect(put).toEqual(['put', 'ai-prompts/7', { json: { contents: { en: 'x' } } }]);
    expect(post).toEqual(['post', 'genres/7', { json: { names: { en: 'x' } } }]);
    expect(create![0]).toBe('post');
    expect(create![1]).toBe('news');
    const body = (create![2] as { body: FormData }).body;
    expect(body).toBeInstanceOf(FormData);
    expect(body.get('title')).toBe('T');
    expect((body.get('image') as File).name).toBe('a.png');
  });
});
