import type { FieldProps, WidgetProps } from '@rjsf/utils';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceApi } from '../engine/api/resourceApi';
import type { EngineFormContext } from '../engine/form/templates';
import { deletePath, FileUploadWidget, storedFileName, urlExtension } from './fileUpload/FileUploadWidget';
import { JsonCardField, prettyJson } from './jsonCard/JsonCardField';
import { editorHeight } from './richText/RichTextWidget';
import { VariablesTableField, variableToken } from './variablesTable/VariablesTableField';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function context(overrides: Partial<EngineFormContext> = {}): EngineFormContext {
  return {
    recordId: '5',
    activeTab: 0,
    setActiveTab: vi.fn(),
    erroneousFields: [],
    formData: {},
    files: {},
    setFile: vi.fn(),
    applyStored: vi.fn(),
    ...overrides,
  };
}

const uploadProps = (formContext: EngineFormContext, value: unknown) =>
  ({
    id: 'root_image',
    name: 'image',
    value,
    options: { rule: 'newsImage', deleteApi: 'news/news-image/{id}' },
    registry: { formContext },
    disabled: false,
    readonly: false,
    label: 'Image',
  }) as unknown as WidgetProps;

describe('widget helpers', () => {
  it('pretty-prints JSON and keeps other text', () => {
    expect(prettyJson('{"a":[1,{"b":2}]}')).toBe('{\n  "a": [\n    1,\n    {\n      "b": 2\n    }\n  ]\n}');
    expect(prettyJson('{oops')).toBe('{oops');
    expect(prettyJson(undefined)).toBe('');
  });

  it('reads the editor height from ui:options', () => {
    expect(editorHeight(300)).toBe('300px');
    expect(editorHeight('20rem')).toBe('20rem');
    expect(editorHeight('300px; color: red')).toBe('300px');
    expect(editorHeight(undefined)).toBe('300px');
  });

  it('reads stored file URLs and fills the delete endpoint', () => {
    expect(urlExtension('/api/admin/files/news/2025/03/a.PNG?name=x.pdf')).toBe('png');
    expect(storedFileName('/api/admin/files/news/a.png?name=My%20photo.png')).toBe('My photo.png');
    expect(storedFileName('/api/admin/files/news/a.png')).toBeUndefined();
    expect(deletePath('news/news-image/{id}', 12)).toBe('news/news-image/12');
    expect(variableToken('context')).toBe('{{context}}');
  });
});

describe('FileUploadWidget', () => {
  it('refuses a file over the rule with its message and drops it; keeps a valid one for the save', async () => {
    const formContext = context();
    const { container } = render(<FileUploadWidget {...uploadProps(formContext, null)} />);
    const input = container.querySelector('input[type=file]') as HTMLInputElement;
    const big = new File([new Uint8Array(5_253_366)], 'big.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [big] } }));
    expect(screen.getByRole('alert').textContent).toBe('Image should not be greater than 5Mb');
    expect(formContext.setFile).toHaveBeenLastCalledWith('image', undefined);
    expect(container.querySelectorAll('.p-fileupload-row')).toHaveLength(0);
    const wrong = new File(['x'], 'notes.txt');
    await act(async () => fireEvent.change(input, { target: { files: [wrong] } }));
    expect(screen.getByRole('alert').textContent).toBe('File extension must be one of these: pdf, jpg, jpeg, png');
    const small = new File([new Uint8Array(5_253_365)], 'ok.png', { type: 'image/png' });
    await act(async () => fireEvent.change(input, { target: { files: [small] } }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(formContext.setFile).toHaveBeenLastCalledWith('image', small);
  });

  it('shows a stored file as a preview opening a new tab; deleting asks first: No keeps it, Yes calls the delete endpoint', async () => {
    const formContext = context();
    const removeAt = vi.spyOn(resourceApi, 'removeAt').mockResolvedValue({ message: 'File deleted successfully' });
    render(
      <>
        <ConfirmDialog />
        <FileUploadWidget {...uploadProps(formContext, '/api/admin/files/news/2025/03/a.png')} />
      </>,
    );
    const preview = screen.getByTitle('Open the file in a new tab');
    expect(preview.getAttribute('href')).toBe('/api/admin/files/news/2025/03/a.png');
    expect(preview.getAttribute('target')).toBe('_blank');
    expect(document.querySelector('.p-fileupload')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the file' }));
    expect(await screen.findByText('Are you sure, you want to delete this file in the database?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'No' }));
    expect(removeAt).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Delete the file' }));
    await screen.findByText('Are you sure, you want to delete this file in the database?');
    fireEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(formContext.applyStored).toHaveBeenCalledWith({ image: null }));
    expect(removeAt).toHaveBeenCalledWith('news/news-image/5');
  });
});

describe('read-only fields', () => {
  const fieldProps = <T,>(extra: Record<string, unknown>) =>
    ({ schema: { title: 'Variables' }, fieldPathId: { $id: 'root_variables', path: ['variables'] }, ...extra }) as unknown as FieldProps<T>;

  it('lists variables in double braces with both descriptions', () => {
    const uiSchema = {
      'ui:options': {
        variables: [
          { name: 'context', description: 'form.variables.description', descriptionFr: 'notices.ok' },
          { name: 'title', description: 'x.y' },
        ],
      },
    };
    const { container } = render(<VariablesTableField {...fieldProps({ uiSchema })} />);
    const cells = [...container.querySelectorAll('tbody tr')].map((row) => [...row.querySelectorAll('td')].map((td) => td.textContent));
    expect(cells).toEqual([
      ['{{context}}', 'Description', 'OK'],
      ['{{title}}', 'x.y', '-'],
    ]);
  });

  it('shows JSON pretty-printed in a card', () => {
    const { container } = render(<JsonCardField {...fieldProps<string>({ formData: '{"a":1}', schema: { title: 'JSON structure' } })} />);
    expect(container.querySelector('pre')!.textContent).toBe('{\n  "a": 1\n}');
    expect(container.querySelector('.section-title')!.textContent).toBe('JSON structure');
  });
});
