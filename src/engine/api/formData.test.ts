import { afterEach, describe, expect, it, vi } from 'vitest';
import * as apiClient from './apiClient';
import { toFormData } from './formData';
import { resourceApi } from './resourceApi';

vi.mock('./apiClient', async (original) => ({ ...(await original<typeof apiClient>()), call: vi.fn() }));

const entries = (form: FormData) => [...form.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : `file:${value.name}`]);

afterEach(() => vi.restoreAllMocks());

describe('toFormData', () => {
  it('sends fields as text, nested values in brackets, null as empty, then the new files by multipart name', () => {
    const image = new File(['png'], 'photo.png', { type: 'image/png' });
    const a = new File(['a'], 'a.pdf');
    const b = new File(['b'], 'b.pdf');
    const form = toFormData(
      { id: 3, title: 'Spring', type: 1, published: true, link: null, skipped: undefined, names: { en: 'A', fr: 'B' }, ids: [4, 5], list: [{ name: 'x' }] },
      { image: [image], 'documentList[]': [a, b], manuscript: [] },
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
      ['documentList[]', 'file:a.pdf'],
      ['documentList[]', 'file:b.pdf'],
    ]);
  });
});

describe('resourceApi.save', () => {
  it('creates with POST, updates with the form method, and sends multipart form data when asked', async () => {
    const call = vi.mocked(apiClient.call).mockResolvedValue({ message: 'Saved', data: { id: 7 } });
    await resourceApi.save('ai-prompts', 7, { contents: { en: 'x' } }, { method: 'put' });
    await resourceApi.save('genres', 7, { names: { en: 'x' } });
    const image = new File(['x'], 'a.png');
    await resourceApi.save(
      'news',
      undefined,
      { title: 'T', image: '/api/admin/files/news/old.png' },
      { method: 'put', multipart: true, fileFields: ['image'], files: { image: [image] } },
    );
    const [put, post, create] = call.mock.calls;
    expect(put).toEqual(['put', 'ai-prompts/7', { json: { contents: { en: 'x' } } }]);
    expect(post).toEqual(['post', 'genres/7', { json: { names: { en: 'x' } } }]);
    expect(create![0]).toBe('post');
    expect(create![1]).toBe('news');
    const body = (create![2] as { body: FormData }).body;
    expect(body).toBeInstanceOf(FormData);
    expect(entries(body)).toEqual([
      ['title', 'T'],
      ['image', 'file:a.png'],
    ]);
  });

  it('sends nothing for a file field without a new file (the stored file stays the server’s)', async () => {
    const call = vi
      .mocked(apiClient.call)
      .mockClear()
      .mockResolvedValue({ message: 'Saved', data: { id: 7 } });
    await resourceApi.save(
      'news',
      7,
      { title: 'T', image: '/api/admin/files/news/a.png' },
      { method: 'put', multipart: true, fileFields: ['image'], files: { image: [] } },
    );
    const [method, path, options] = call.mock.calls[0]!;
    expect([method, path]).toEqual(['put', 'news/7']);
    expect(entries((options as { body: FormData }).body)).toEqual([['title', 'T']]);
  });
});
