import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/ApiError';
import { resourceApi } from '../api/resourceApi';
import { fileFieldsOf, useFormController, type FormControllerOptions } from './useFormController';

function setup(options: Partial<FormControllerOptions>) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useFormController({ api: 'genres', id: undefined, schemaProperties: ['names', 'color'], ...options }), { wrapper });
}

afterEach(() => vi.restoreAllMocks());

describe('useFormController', () => {
  it('loads the record in edit mode and tracks unsaved changes', async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 4, names: { en: 'Noir' }, color: '#000000' });
    const { result } = setup({ id: '4' });
    await waitFor(() => expect(result.current.formData).toMatchObject({ id: 4 }));
    expect(result.current.mode).toBe('edit');
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setFormData({ ...result.current.formData, color: '#ffffff' }));
    expect(result.current.dirty).toBe(true);
  });

  it('turns a 422 into field errors, locates the first locale with an error, and clears an error once edited', async () => {
    vi.spyOn(resourceApi, 'save').mockRejectedValue(
      new ApiError(422, 'The en field is required.', { 'names.it': ['Too long.'], 'names.fr': ['Bad.', 'Worse.'] }),
    );
    const { result } = setup({});
    await act(async () => expect(await result.current.save({ names: { fr: 'x' } })).toBe(false));
    expect(result.current.errorSchema).toEqual({ names: { it: { __errors: ['Too long.'] }, fr: { __errors: ['Bad.', 'Worse.'] } } });
    expect(result.current.firstError).toMatchObject({ key: 'names.fr', locale: 'fr' });
    act(() => result.current.setFormData({ names: { fr: 'corrected' } }));
    expect(Object.keys(result.current.errors)).toEqual(['names.it']);
  });

  it('reports a create to onSaved with the saved record', async () => {
    vi.spyOn(resourceApi, 'save').mockResolvedValue({ message: 'Added', data: { id: 9, names: { en: 'New' } } });
    const onSaved = vi.fn();
    const { result } = setup({ onSaved });
    await act(async () => expect(await result.current.save({ names: { en: 'New' } })).toBe(true));
    expect(resourceApi.save).toHaveBeenCalledWith('genres', undefined, { names: { en: 'New' } }, { method: 'post' });
    expect(onSaved).toHaveBeenCalledWith({ id: 9, names: { en: 'New' } }, true);
    expect(result.current.dirty).toBe(false);
  });

  it('sends the chosen files with a multipart save, counts them as unsaved changes, and forgets them once saved', async () => {
    vi.spyOn(resourceApi, 'save').mockResolvedValue({ message: 'Added', data: { id: 3, title: 'T', image: '/api/admin/files/news/a.png' } });
    const uiSchema = { image: { 'ui:widget': 'fileUpload' }, title: {} };
    const { result } = setup({ api: 'news', multipart: true, uiSchema, schemaProperties: ['title', 'image'] });
    const file = new File(['png'], 'a.png', { type: 'image/png' });
    expect(result.current.dirty).toBe(false);
    act(() => result.current.setFile('image', file));
    expect(result.current.dirty).toBe(true);
    await act(async () => expect(await result.current.save({ title: 'T' })).toBe(true));
    expect(resourceApi.save).toHaveBeenCalledWith(
      'news',
      undefined,
      { title: 'T' },
      { method: 'post', multipart: true, fileFields: ['image'], files: { image: [file] } },
    );
    expect(result.current.files).toEqual({});
    expect(result.current.dirty).toBe(false);
  });

  it('sends the new files of the fileList fields with their upload progress, keeps them after a failure, forgets them once saved', async () => {
    let finish!: (answer: { message: string; data: { id: number } }) => void;
    const save = vi
      .spyOn(resourceApi, 'save')
      .mockRejectedValueOnce(new ApiError(422, 'Bad', { title: ['Required.'] }))
      .mockImplementationOnce((_api, _id, _data, options) => {
        options?.onProgress?.({ 'documentList[]': [0.5, 0] });
        return new Promise((resolve) => (finish = resolve));
      });
    const { result } = setup({ api: 'books', multipart: true, schemaProperties: ['title'] });
    const a = new File(['a'], 'a.pdf');
    const b = new File(['b'], 'b.pdf');
    act(() => result.current.setFileList('documentList[]', [a, b]));
    expect(result.current.dirty).toBe(true);
    await act(async () => expect(await result.current.save({})).toBe(false));
    expect(result.current.fileLists).toEqual({ 'documentList[]': [a, b] });
    let saving!: Promise<boolean>;
    act(() => {
      saving = result.current.save({ title: 'T' });
    });
    await waitFor(() => expect(result.current.progress).toEqual({ 'documentList[]': [0.5, 0] }));
    expect(save.mock.calls[1]![3]).toMatchObject({ multipart: true, files: { 'documentList[]': [a, b] } });
    await act(async () => {
      finish({ message: 'Added', data: { id: 3 } });
      expect(await saving).toBe(true);
    });
    expect(result.current.fileLists).toEqual({});
    expect(result.current.progress).toBeUndefined();
    expect(result.current.dirty).toBe(false);
  });

  it('updates with the form method and shows a refused file (413) under its field', async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 5, title: 'T' });
    const save = vi
      .spyOn(resourceApi, 'save')
      .mockRejectedValue(new ApiError(413, 'Image should not be greater than 5Mb', { image: ['Image should not be greater than 5Mb'] }));
    const { result } = setup({ api: 'news', id: '5', method: 'put' });
    await waitFor(() => expect(result.current.formData).toMatchObject({ id: 5 }));
    await act(async () => expect(await result.current.save()).toBe(false));
    expect(save.mock.calls[0]![3]).toEqual({ method: 'put' });
    expect(result.current.errors).toEqual({ image: ['Image should not be greater than 5Mb'] });
    expect(result.current.firstError).toMatchObject({ key: 'image' });
  });

  it('applies a change the server already stored without making the form dirty', async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 5, title: 'T', image: '/api/admin/files/news/a.png' });
    const { result } = setup({ api: 'news', id: '5' });
    await waitFor(() => expect(result.current.formData).toMatchObject({ id: 5 }));
    act(() => result.current.applyStored({ image: null }));
    expect(result.current.formData.image).toBeNull();
    expect(result.current.dirty).toBe(false);
  });

  it('shows the stored record again in place of unsaved changes, even when the server answers the same copy (after a restore)', async () => {
    vi.spyOn(resourceApi, 'get').mockResolvedValue({ id: 4, names: { en: 'Noir' }, color: '#000000' });
    const { result } = setup({ id: '4' });
    await waitFor(() => expect(result.current.formData).toMatchObject({ id: 4 }));
    act(() => result.current.setFormData({ ...result.current.formData, color: '#ffffff' }));
    expect(result.current.dirty).toBe(true);
    act(() => result.current.showStored());
    expect(result.current.formData.color).toBe('#000000');
    expect(result.current.dirty).toBe(false);
  });

  it('finds the file fields of a UI schema', () => {
    expect(fileFieldsOf({ 'ui:order': ['a'], image: { 'ui:widget': 'fileUpload' }, title: { 'ui:widget': 'text' } })).toEqual(['image']);
    expect(fileFieldsOf(undefined)).toEqual([]);
  });
});
