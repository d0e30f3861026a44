import type { FieldProps } from '@rjsf/utils';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FileListField } from './FileListField';

afterEach(cleanup);

const stored = [{ id: 1, name: 'contract.pdf', full_path: '/api/admin/files/books/contract.pdf?name=contract.pdf', size: 2048 }];

/** The field of the sheet's documents, as the form renders it (`schema` the stored list's). */
function renderField(overrides: Partial<FieldProps>) {
  const props = {
    name: 'documentList',
    formData: stored,
    schema: { type: 'array', items: { type: 'object' }, readOnly: true },
    uiSchema: { 'ui:options': { rule: 'document', multipartName: 'documentList[]', deleteApi: 'utilities/book-files/{id}/{file}' } },
    registry: { formContext: { fileLists: { files: {}, setFiles: () => undefined } } },
    fieldPathId: { $id: 'root_documentList' },
    disabled: false,
    readonly: true,
    ...overrides,
  } as unknown as FieldProps;
  return render(<FileListField {...props} />);
}

describe('FileListField', () => {
  it('adds and deletes files of a list the schema says is read-only (the save never sends it back)', () => {
    renderField({});
    expect(screen.getByRole('button', { name: 'Choose' }).hasAttribute('disabled')).toBe(false);
    expect(screen.getAllByRole('button', { name: /delete/i })).toHaveLength(1);
  });

  it('changes nothing in a disabled form, nor where its UI schema makes it read-only', () => {
    renderField({ disabled: true });
    expect(screen.getByRole('button', { name: 'Choose' }).hasAttribute('disabled')).toBe(true);
    expect(screen.queryAllByRole('button', { name: /delete/i })).toHaveLength(0);
    cleanup();
    renderField({
      uiSchema: { 'ui:readonly': true, 'ui:options': { rule: 'document', multipartName: 'documentList[]', deleteApi: 'utilities/book-files/{id}/{file}' } },
    });
    expect(screen.getByRole('button', { name: 'Choose' }).hasAttribute('disabled')).toBe(true);
  });
});
