import { Blob as NodeBlob } from 'node:buffer';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fileProgress, upload, type FileProgress } from './upload';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const file = (size: number, name = 'f.pdf') => new File([new Uint8Array(size)], name);

/** An XMLHttpRequest that records what is sent, reports the upload in two steps, and answers 200. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  body: unknown;
  withCredentials = false;
  responseType = '';
  status = 0;
  statusText = '';
  response: unknown;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
    FakeXhr.last = this;
  }
  setRequestHeader() {}
  getAllResponseHeaders() {
    return 'content-type: application/json\r\n';
  }
  abort() {}
  send(body: unknown) {
    this.body = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 450, total: 600 });
    this.upload.onprogress?.({ lengthComputable: true, loaded: 600, total: 600 });
    this.status = 200;
    this.statusText = 'OK';
    // Node's Blob: the Response the client builds from it is Node's too.
    this.response = new NodeBlob([JSON.stringify({ message: 'Saved', data: { id: 4 } })]);
    queueMicrotask(() => this.onload?.());
  }
}

describe('upload', () => {
  it('sends the fields and every new file in one multipart body, reporting each file’s progress', async () => {
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
    const doc1 = file(100, 'a.pdf');
    const doc2 = file(100, 'b.pdf');
    const manuscript = file(200, 'm.pdf');
    const progress: FileProgress[] = [];
    const answer = await upload<{ data: { id: number } }>(
      'post',
      'books/4',
      { titles: { en: 'Dune' }, version: 3 },
      { 'documentList[]': [doc1, doc2], manuscript: [manuscript] },
      {
        onProgress: (p) => progress.push(p),
      },
    );
    expect(answer.data).toEqual({ id: 4 });
    const xhr = FakeXhr.last!;
    expect([xhr.method, new URL(xhr.url).pathname, xhr.withCredentials]).toEqual(['POST', '/api/admin/books/4', true]);
    const body = xhr.body as FormData;
    expect([...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : (value as File).name])).toEqual([
      ['titles[en]', 'Dune'],
      ['version', '3'],
      ['documentList[]', 'a.pdf'],
      ['documentList[]', 'b.pdf'],
      ['manuscript', 'm.pdf'],
    ]);
    // 450 of 600 bytes: the 200 bytes before the files, both documents, a quarter of the manuscript.
    expect(progress).toEqual([
      { 'documentList[]': [1, 1], manuscript: [0.25] },
      { 'documentList[]': [1, 1], manuscript: [1] },
    ]);
  });

  it('spreads the upload progress over the files, which come last in the body', () => {
    const files: [string, File][] = [
      ['documentList[]', file(100)],
      ['documentList[]', file(100)],
      ['manuscript', file(200)],
    ];
    expect(fileProgress(files, 50, 500)).toEqual({ 'documentList[]': [0, 0], manuscript: [0] });
    expect(fileProgress(files, 150, 500)).toEqual({ 'documentList[]': [0.5, 0], manuscript: [0] });
    expect(fileProgress(files, 300, 500)).toEqual({ 'documentList[]': [1, 1], manuscript: [0] });
    expect(fileProgress(files, 500, 500)).toEqual({ 'documentList[]': [1, 1], manuscript: [1] });
  });
});
