import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../../i18n';
import { subscribeNotices } from '../../notify/notifications';
import { ExportDialog } from './ExportDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const encoder = new TextEncoder();

/** A server's export answer whose body arrives when the test says, piece by piece. */
function slowExport(rows: number) {
  let push: ((text: string) => void) | undefined;
  let end: (() => void) | undefined;
  let aborted = false;
  const requests: string[] = [];
  const fetchStub = vi.fn(async (input: unknown) => {
    requests.push(input instanceof Request ? input.url : String(input));
    const signal = input instanceof Request ? input.signal : undefined;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        push = (text) => controller.enqueue(encoder.encode(text));
        end = () => controller.close();
        // As a browser's fetch does: the signal breaks the body off.
        signal?.addEventListener('abort', () => {
          aborted = true;
          controller.error(new DOMException('The user aborted a request.', 'AbortError'));
        });
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'content-type': 'text/csv; charset=utf-8',
        'content-disposition': 'attachment; filename="genres-2026-11-29.csv"',
        'x-export-rows': String(rows),
      },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { requests, push: (text: string) => act(() => push!(text)), end: () => act(() => end!()), aborted: () => aborted };
}

function renderDialog() {
  const notices: { summary?: string; detail?: string }[] = [];
  subscribeNotices((notice) => notices.push(notice));
  const onHide = vi.fn();
  render(
    <ExportDialog visible onHide={onHide} api="genres" query={{ name: 'crime', perPage: '20' }} columns={['id', 'names:translatedName']} total={4} exact />,
  );
  return { notices, onHide };
}

describe('ExportDialog', () => {
  it('asks for the list with its columns, shows the rows as they arrive, then hands the file to the downloads', async () => {
    const server = slowExport(4);
    const saved: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => (saved.push(blob), 'blob:export'), revokeObjectURL: () => undefined }));
    const clicks = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const { notices, onHide } = renderDialog();
    expect(screen.getByText(/\(4 rows\), not only this page, with the 2 columns shown/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    const asked = new URL(server.requests[0]!);
    expect(asked.pathname).toBe('/api/admin/genres/export');
    expect(Object.fromEntries(asked.searchParams)).toEqual({ name: 'crime', perPage: '20', format: 'csv', columns: 'id,names:translatedName' });

    // A quoted value's line feed and doubled quotes end no row. (ky hands a piece over once the next one arrives.)
    const file = '\uFEFFId,Name\r\n1,Crime\r\n2,"Thriller,\r\n ""noir"""\r\n';
    server.push(file);
    server.push('3,Poem\r\n');
    await screen.findByText('2 of 4 rows received', {}, { timeout: 2000 });
    expect(screen.getByRole('button', { name: 'Stop the export' })).toBeTruthy();
    server.push('4,Essay\r\n');
    server.end();
    await waitFor(() => expect(onHide).toHaveBeenCalled());
    // The file as it came, its byte-order mark included.
    expect(Array.from(new Uint8Array(await saved[0]!.arrayBuffer()))).toEqual(Array.from(encoder.encode(`${file}3,Poem\r\n4,Essay\r\n`)));
    expect(clicks).toHaveBeenCalledTimes(1);
    expect(notices.at(-1)).toMatchObject({ summary: 'Success', detail: '“genres-2026-11-29.csv” is in your downloads.' });
  });

  it('stops an export on its Stop button: the download ends, no file is saved', async () => {
    const server = slowExport(4);
    const createObjectURL = vi.fn();
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const { notices, onHide } = renderDialog();
    fireEvent.click(screen.getByLabelText('Excel workbook (XLSX)'));
    fireEvent.click(screen.getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(new URL(server.requests[0]!).searchParams.get('format')).toBe('xlsx');
    const piece = 'PK\u0003\u0004 some zipped bytes';
    server.push(piece);
    server.push('PK');
    // A workbook is compressed: its size is shown, not its rows.
    await screen.findByText(`${encoder.encode(piece).length} B received`, {}, { timeout: 2000 });
    fireEvent.click(screen.getByRole('button', { name: 'Stop the export' }));
    await waitFor(() => expect(notices.at(-1)).toMatchObject({ summary: 'Export stopped', detail: 'The export is stopped: no file was saved.' }));
    expect(server.aborted()).toBe(true);
    expect(createObjectURL).not.toHaveBeenCalled();
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Export' })).toBeTruthy();
  });
});
