import { mkdtemp, readdir, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkFile, FILE_RULES, type FileRuleName } from '../../common/fileRules.js';
import { registerErrorHandler } from '../../server/plugins/errorHandler.js';
import { fileRoutes, inlineDisposition } from '../../server/routes/fileRoutes.js';
import { fileUrl } from '../../server/storage/fileUrl.js';
import { filesRoot, LocalDiskStorage } from '../../server/storage/index.js';
import { EXTENSION_MIME } from '../../server/uploads/fileRules.js';
import { contentMatchesExtension, EXTENSION_FAMILY, sniff, type ContentFamily } from '../../server/uploads/magicBytes.js';
import { UPLOAD_EXPIRED_MESSAGE, type PendingUploads } from '../../server/uploads/PendingUploads.js';
import { cleanFileName, errorKeyFor, receiveUploads, type ReceivedUploads } from '../../server/uploads/receiveUploads.js';
import '../../server/fastifyTypes.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// ---------------------------------------------------------------------------------------------
// Sample contents: the first bytes of each family, padded.

const bytes = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const SAMPLES: Record<ContentFamily, Buffer> = {
  pdf: bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'),
  png: bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'),
  jpeg: bytes([0xff, 0xd8, 0xff, 0xe0, 0, 16], 'JFIF\0', [1, 1, 0]),
  gif: bytes('GIF89a', [1, 0, 1, 0, 0x80, 0, 0, 0, 0, 0]),
  zip: bytes([0x50, 0x4b, 0x03, 0x04, 20, 0, 6, 0], '[Content_Types].xml'),
  ole: bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1], [0, 0, 0, 0, 0, 0, 0, 0]),
  avi: bytes('RIFF', [0x24, 0, 0, 0], 'AVI LIST'),
  wav: bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '),
  ebml: bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 1], 'B\xf7\x81\x01'),
  isoMedia: bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]),
  ogg: bytes('OggS', [0, 2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
  mp3: bytes('ID3', [4, 0, 0, 0, 0, 0, 0x23, 0, 0, 0, 0, 0, 0]),
  flv: bytes('FLV', [1, 5, 0, 0, 0, 9, 0, 0, 0, 0, 0, 0, 0]),
  asf: bytes([0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11, 0xa6, 0xd9, 0, 0xaa, 0, 0x62, 0xce, 0x6c]),
};
const EXE = bytes('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff\x00\x00');
const TEXT = bytes('Hello, this is plain text pretending to be something else.\n');

/** A file of `size` bytes that starts with the sample of `family`. */
function fileOf(family: ContentFamily, size: number): Buffer {
  const file = Buffer.alloc(size, 0x20);
  SAMPLES[family].copy(file, 0, 0, Math.min(size, SAMPLES[family].length));
  return file;
}

describe('magic bytes', () => {
  it('recognises every family', () => {
    for (const [family, sample] of Object.entries(SAMPLES)) expect(sniff(sample), family).toBe(family);
    expect(sniff(bytes([0xff, 0xfb, 0x90, 0x64]))).toBe('mp3'); // bare MPEG frame, no ID3 tag
    expect(sniff(bytes([0, 0, 0, 8], 'wide', [0, 0, 0, 0], 'mdat'))).toBe('isoMedia'); // old QuickTime
  });

  it('accepts each extension of every rule with its own content, and the rules are complete', () => {
    const extensions = new Set(Object.values(FILE_RULES).flatMap((rule) => rule.extensions));
    for (const extension of extensions) {
      const family = EXTENSION_FAMILY[extension];
      expect(family, extension).toBeDefined();
      expect(EXTENSION_MIME[extension], extension).toBeDefined();
      expect(contentMatchesExtension(SAMPLES[family!], extension), extension).toBe(true);
    }
  });

  it('refuses a renamed executable or text file, and content of another family', () => {
    for (const extension of ['pdf', 'png', 'jpg', 'docx', 'doc', 'mp4', 'mov', 'avi', 'mp3', 'wav', 'webm', 'wmv', 'flv', 'ogg']) {
      expect(contentMatchesExtension(EXE, extension), `exe as .${extension}`).toBe(false);
      expect(contentMatchesExtension(TEXT, extension), `txt as .${extension}`).toBe(false);
    }
    expect(contentMatchesExtension(SAMPLES.png, 'jpg')).toBe(false);
    expect(contentMatchesExtension(SAMPLES.wav, 'avi')).toBe(false);
    expect(contentMatchesExtension(SAMPLES.pdf, 'exe')).toBe(false);
    expect(contentMatchesExtension(Buffer.alloc(0), 'pdf')).toBe(false);
  });
});

describe('file rules', () => {
  it('keeps the spec numbers and messages', () => {
    expect(FILE_RULES.newsImage.maxBytes).toBe(5_253_365); // size / 1024 / 1024 > 5.01 is refused
    expect(5_253_365 / 1024 / 1024 > 5.01).toBe(false);
    expect(5_253_366 / 1024 / 1024 > 5.01).toBe(true);
    expect(FILE_RULES.document.maxBytes).toBe(62_914_560);
    expect(FILE_RULES.manuscript.maxBytes).toBe(62_914_560);
    expect(FILE_RULES.document.maxFiles).toBe(10);
    expect(FILE_RULES.document.extensionMessage).toBe(
      'File extension must be one of these: ppt, pptx, pdf, doc, docx, xls, xlsx, avi, mp4, ogg, jpg, jpeg, png',
    );
    expect(FILE_RULES.video.extensionMessage).toBe('Available file extensions are: .mp4, .mov, .wmv, .flv, .avi, .webm, .mkv, .mp3, .wav');
    expect(FILE_RULES.video.sizeMessage).toBe('Video file should not be greater than 500Mb');
    expect(FILE_RULES.manuscript.sizeMessage).toBe('The file size must not exceeds 60Mb');
    expect(checkFile(FILE_RULES.cover, { name: 'a.PNG', size: 5 * 1024 * 1024 })).toBe('Image should not be greater than 5Mb');
    expect(checkFile(FILE_RULES.cover, { name: 'a.PNG', size: 5 * 1024 * 1024 - 1 })).toBeUndefined();
    expect(checkFile(FILE_RULES.manuscript, { name: 'a.docx', size: 1 })).toBe('The manuscript must be a pdf file');
  });

  it('derives dotted error keys and clean names', () => {
    expect(errorKeyFor('image', 0)).toBe('image');
    expect(errorKeyFor('documentList[]', 3)).toBe('documentList.3');
    expect(errorKeyFor('files[2][file]', 0)).toBe('files.2.file');
    expect(cleanFileName('C:\\Users\\me\\report.pdf')).toBe('report.pdf');
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('a\u0000b\nc.pdf')).toBe('abc.pdf');
    expect(cleanFileName(`${'x'.repeat(300)}.pdf`)).toMatch(/^x{196}\.pdf$/);
    expect(inlineDisposition('report.pdf')).toBe('inline; filename="report.pdf"');
    expect(inlineDisposition('rapport été "final".pdf')).toBe(
      `inline; filename="rapport _t_ 'final'.pdf"; filename*=UTF-8''rapport%20%C3%A9t%C3%A9%20%22final%22.pdf`,
    );
    expect(fileUrl('news/2025/03/a.png')).toBe('/api/admin/files/news/2025/03/a.png');
    expect(fileUrl('news/2025/03/a.png', 'My photo.png')).toBe('/api/admin/files/news/2025/03/a.png?name=My%20photo.png');
  });
});

// ---------------------------------------------------------------------------------------------
// Uploads through Fastify. `t` is the real application (its files route serves what was stored);
// `uploads` is a small app on the same DATA_DIR whose routes call receiveUploads.

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; type?: string };

const BOUNDARY = '----uploads-test-boundary-7MA4YWxkTrZu0gW';
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function partHeader(part: Part): Buffer {
  const disposition =
    'filename' in part
      ? `form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}`
      : `form-data; name="${part.name}"`;
  return Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: ${disposition}\r\n\r\n`);
}

/** A multipart/form-data body built by hand. */
function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const chunks = parts.flatMap((part) => [partHeader(part), 'filename' in part ? part.content : Buffer.from(part.value), Buffer.from('\r\n')]);
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': CONTENT_TYPE } };
}

/** A multipart body with one file of `size` bytes generated on the fly (never whole in memory). */
function streamedMultipart(field: string, filename: string, family: ContentFamily, size: number): Readable {
  const chunk = Buffer.alloc(64 * 1024, 0x20);
  async function* body() {
    yield partHeader({ name: 'title', value: '' });
    yield Buffer.from('Big file\r\n');
    yield partHeader({ name: field, filename, content: Buffer.alloc(0) });
    yield SAMPLES[family];
    let left = size - SAMPLES[family].length;
    while (left > 0) {
      const next = Math.min(left, chunk.length);
      yield next === chunk.length ? chunk : chunk.subarray(0, next);
      left -= next;
    }
    yield Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  }
  return Readable.from(body(), { objectMode: false });
}

const ROUTES: Record<string, Record<string, FileRuleName>> = {
  news: { image: 'newsImage' },
  book: { 'documentList[]': 'document', 'cover_file[]': 'cover', 'video_file[]': 'video', manuscript: 'manuscript' },
};

/**
 * Pending uploads in memory, for the upload app without a database: `keys` are the pending ones,
 * `writtenFirst` the keys whose file already existed when they were recorded (there must be none).
 */
function memoryPending(storage: LocalDiskStorage) {
  const keys = new Set<string>();
  const writtenFirst: string[] = [];
  const pending: PendingUploads = {
    async add(key) {
      if (await storage.exists(key)) writtenFirst.push(key);
      keys.add(key);
    },
    async refresh(list) {
      return list.filter((key) => keys.has(key)).length;
    },
    async forget(list) {
      for (const key of list) keys.delete(key);
    },
    refreshMs: 60_000,
  };
  return { pending, keys, writtenFirst };
}
let memory: ReturnType<typeof memoryPending>;

async function buildUploadApp(storage: LocalDiskStorage): Promise<FastifyInstance> {
  const app = Fastify();
  registerErrorHandler(app);
  memory = memoryPending(storage);
  await app.register(fileRoutes, { storage, pendingUploads: memory.pending });
  app.post<{ Params: { kind: string } }>('/upload/:kind', async (request): Promise<ReceivedUploads> => {
    const received = await receiveUploads(request, {
      storage: app.storage,
      pending: app.pendingUploads,
      files: ROUTES[request.params.kind]!,
      folder: request.params.kind,
    });
    // The caller owns the files now; this test app keeps none of them pending.
    await app.pendingUploads.forget(received.files.map((file) => file.key));
    return received;
  });
  await app.ready();
  return app;
}

let dataDir: string;
let t: TestApp;
let cookie: string;
let storage: LocalDiskStorage;
let uploads: FastifyInstance;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'uploads-test-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  cookie = await t.login();
  storage = new LocalDiskStorage(filesRoot(t.config));
  uploads = await buildUploadApp(storage);
});
afterAll(async () => {
  await uploads?.close();
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Every file under `<DATA_DIR>/files`, temporary ones included. */
async function storedFiles(): Promise<string[]> {
  try {
    const entries = await readdir(storage.root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(storage.root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

async function emptyStorage(): Promise<void> {
  for (const key of await storedFiles()) await rm(path.join(storage.root, key), { force: true });
}

describe('receiveUploads', () => {
  it('is wired in the application: the files route is protected and multipart is parsed in the admin scope', async () => {
    expect(t.app.routeList).toContainEqual(expect.objectContaining({ method: 'GET', url: '/api/admin/files/*' }));
    const plugins = t.app.printPlugins();
    expect(plugins).toContain('admin-files');
    expect(plugins).toContain('@fastify/multipart');
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/admin/files/news/2025/01/x.png' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('collects text fields, stores the image and the files route serves it back to an administrator only', async () => {
    await emptyStorage();
    const image = fileOf('png', 3000);
    const body = multipart([
      { name: 'title', value: 'A title' },
      { name: 'authors[]', value: '3' },
      { name: 'image', filename: 'My photo.png', content: image, type: 'image/png' },
      { name: 'authors[]', value: '1' },
      { name: 'seriesList[0][name]', value: 'Saga' },
      { name: 'type', value: '1' },
      { name: 'type', value: '0' },
    ]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/news', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json() as ReceivedUploads;
    expect(result.fields).toEqual({ title: 'A title' });
    expect(result.entries).toEqual([
      ['title', 'A title'],
      ['authors[]', '3'],
      ['authors[]', '1'],
      ['seriesList[0][name]', 'Saga'],
      ['type', '1'],
      ['type', '0'],
    ]);
    expect(result.files).toHaveLength(1);
    const file = result.files[0]!;
    expect(file).toMatchObject({ field: 'image', originalName: 'My photo.png', size: 3000, mime: 'image/png', rule: 'newsImage' });
    expect(file.key).toMatch(/^news\/\d{4}\/\d{2}\/[0-9a-f-]{36}\.png$/);
    expect(await storedFiles()).toEqual([file.key]);

    const anonymous = await t.app.inject({ method: 'GET', url: fileUrl(file.key) });
    expect(anonymous.statusCode).toBe(401);

    const served = await t.as(cookie, { method: 'GET', url: fileUrl(file.key, file.originalName) });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe('inline; filename="My photo.png"');
    expect(served.headers['content-length']).toBe('3000');
    expect(served.rawPayload.equals(image)).toBe(true);

    const plain = await t.as(cookie, { method: 'GET', url: fileUrl(file.key) });
    expect(plain.headers['content-disposition']).toBeUndefined();

    const range = await t.as(cookie, { method: 'GET', url: fileUrl(file.key), headers: { range: 'bytes=0-7' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe('bytes 0-7/3000');
    expect(range.rawPayload.equals(image.subarray(0, 8))).toBe(true);
    const tail = await t.as(cookie, { method: 'GET', url: fileUrl(file.key), headers: { range: 'bytes=2990-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.headers['content-range']).toBe('bytes 2990-2999/3000');
    const beyond = await t.as(cookie, { method: 'GET', url: fileUrl(file.key), headers: { range: 'bytes=5000-' } });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-type']).toMatch(/^application\/json/);
    expect(beyond.headers['content-range']).toBe('bytes */3000');
    const suffix = await t.as(cookie, { method: 'GET', url: fileUrl(file.key), headers: { range: 'bytes=-5' } });
    expect(suffix.statusCode).toBe(200);
    expect(suffix.rawPayload.length).toBe(3000);
  });

  it('answers 404 for unknown keys and keys escaping the root', async () => {
    for (const url of [
      '/api/admin/files/news/2025/01/00000000-0000-0000-0000-000000000000.png',
      '/api/admin/files/..%2F..%2Fetc%2Fpasswd',
      '/api/admin/files/news/..%2F..%2F..%2Fpackage.json',
      '/api/admin/files/.tmp/x.part',
      '/api/admin/files/news%5C..%5Cx',
      '/api/admin/files/',
      '/api/admin/files/news',
    ]) {
      const response = await t.as(cookie, { method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });

  it('stores the files of a reading sheet under their fields', async () => {
    await emptyStorage();
    const body = multipart([
      { name: 'original_title', value: 'Le titre' },
      { name: 'documentList[]', filename: 'Rapport été.pdf', content: fileOf('pdf', 500) },
      { name: 'documentList[]', filename: 'budget.XLSX', content: fileOf('zip', 700) },
      { name: 'cover_file[]', filename: 'cover.jpg', content: fileOf('jpeg', 400) },
      { name: 'video_file[]', filename: 'trailer.webm', content: fileOf('ebml', 900) },
      { name: 'manuscript', filename: 'manuscript.pdf', content: fileOf('pdf', 1200) },
      { name: 'video_file[]', filename: '', content: Buffer.alloc(0) }, // an empty file input
    ]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/book', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const { files } = response.json() as ReceivedUploads;
    expect(files.map((f) => [f.field, f.originalName, f.size, f.rule, f.mime])).toEqual([
      ['documentList[]', 'Rapport été.pdf', 500, 'document', 'application/pdf'],
      ['documentList[]', 'budget.XLSX', 700, 'document', EXTENSION_MIME.xlsx],
      ['cover_file[]', 'cover.jpg', 400, 'cover', 'image/jpeg'],
      ['video_file[]', 'trailer.webm', 900, 'video', 'video/webm'],
      ['manuscript', 'manuscript.pdf', 1200, 'manuscript', 'application/pdf'],
    ]);
    expect(files[1]!.key).toMatch(/\.xlsx$/);
    expect(await storedFiles()).toEqual(files.map((f) => f.key).sort());
  });

  it('accepts a news image of exactly the limit', async () => {
    await emptyStorage();
    const body = multipart([{ name: 'image', filename: 'limit.png', content: fileOf('png', FILE_RULES.newsImage.maxBytes) }]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/news', ...body });
    expect(response.statusCode).toBe(200);
    expect(response.json().files[0].size).toBe(5_253_365);
    await emptyStorage();
  });

  it('refuses an oversize image with 413 and the rule message, leaving nothing on disk', async () => {
    await emptyStorage();
    const body = multipart([
      { name: 'title', value: 'Too big' },
      { name: 'image', filename: 'big.png', content: fileOf('png', FILE_RULES.newsImage.maxBytes + 1) },
    ]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/news', ...body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'Image should not be greater than 5Mb', errors: { image: ['Image should not be greater than 5Mb'] } });
    expect(await storedFiles()).toEqual([]);
  });

  it('removes the files already stored by the request when a later one is refused', async () => {
    await emptyStorage();
    const body = multipart([
      { name: 'documentList[]', filename: 'ok.pdf', content: fileOf('pdf', 2000) },
      { name: 'manuscript', filename: 'ok.pdf', content: fileOf('pdf', 2000) },
      { name: 'cover_file[]', filename: 'big.png', content: fileOf('png', 5 * 1024 * 1024) },
    ]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/book', ...body });
    expect(response.statusCode).toBe(413);
    expect(response.json().errors).toEqual({ 'cover_file.0': ['Image should not be greater than 5Mb'] });
    expect(await storedFiles()).toEqual([]);
    expect([...memory.keys]).toEqual([]); // the refused file's key too, though it never reached its place
  });

  it('records each key as pending before writing its file, and leaves it pending for the caller', async () => {
    await emptyStorage();
    const added: string[] = [];
    const app = Fastify();
    registerErrorHandler(app);
    const { pending, keys, writtenFirst } = memoryPending(storage);
    await app.register(fileRoutes, {
      storage,
      pendingUploads: {
        ...pending,
        async add(key) {
          added.push(key);
          await pending.add(key);
        },
      },
    });
    app.post('/upload', (request) => receiveUploads(request, { storage: app.storage, pending: app.pendingUploads, files: ROUTES.book!, folder: 'book' }));
    const body = multipart([
      { name: 'documentList[]', filename: 'a.pdf', content: fileOf('pdf', 300) },
      { name: 'manuscript', filename: 'b.pdf', content: fileOf('pdf', 300) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode, response.body).toBe(200);
    const stored = (response.json() as ReceivedUploads).files.map((file) => file.key);
    expect(added).toEqual(stored);
    expect(writtenFirst).toEqual([]);
    expect([...keys].sort()).toEqual([...stored].sort());
    await app.close();
    await emptyStorage();
  });

  it('answers 409 and removes the files when the cleanup collected a key before the request ended', async () => {
    await emptyStorage();
    const app = Fastify();
    registerErrorHandler(app);
    const { pending, keys } = memoryPending(storage);
    // The cleanup claims the first key while the second file streams.
    const collecting: PendingUploads = {
      ...pending,
      async add(key) {
        keys.clear();
        await pending.add(key);
      },
    };
    await app.register(fileRoutes, { storage, pendingUploads: collecting });
    app.post('/upload', (request) => receiveUploads(request, { storage: app.storage, pending: app.pendingUploads, files: ROUTES.book!, folder: 'book' }));
    const body = multipart([
      { name: 'documentList[]', filename: 'a.pdf', content: fileOf('pdf', 300) },
      { name: 'manuscript', filename: 'b.pdf', content: fileOf('pdf', 300) },
    ]);
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(UPLOAD_EXPIRED_MESSAGE);
    expect(await storedFiles()).toEqual([]);
    expect([...keys]).toEqual([]);
    await app.close();
  });

  it('refuses content that does not match the extension with 422, leaving nothing on disk', async () => {
    await emptyStorage();
    const body = multipart([
      { name: 'documentList[]', filename: 'fine.docx', content: fileOf('zip', 1000) },
      { name: 'documentList[]', filename: 'setup.pdf', content: Buffer.concat([EXE, Buffer.alloc(100_000)]) },
    ]);
    const response = await uploads.inject({ method: 'POST', url: '/upload/book', ...body });
    expect(response.statusCode).toBe(422);
    const message = 'The content of "setup.pdf" is not a PDF document: it does not match its .pdf extension.';
    expect(response.json()).toEqual({ message, errors: { 'documentList.1': [message] } });
    expect(await storedFiles()).toEqual([]);

    const text = await uploads.inject({ method: 'POST', url: '/upload/news', ...multipart([{ name: 'image', filename: 'notes.png', content: TEXT }]) });
    expect(text.statusCode).toBe(422);
    expect(text.json().errors.image[0]).toMatch(/not a PNG image/);
    expect(await storedFiles()).toEqual([]);
  });

  it('refuses wrong extensions, empty files, extra files and file fields that take none (422)', async () => {
    await emptyStorage();
    const cases: [string, Part[], Record<string, string[]>][] = [
      ['news', [{ name: 'image', filename: 'tool.exe', content: EXE }], { image: ['File extension must be one of these: pdf, jpg, jpeg, png'] }],
      ['book', [{ name: 'manuscript', filename: 'novel.docx', content: fileOf('zip', 100) }], { manuscript: ['The manuscript must be a pdf file'] }],
      ['book', [{ name: 'video_file[]', filename: 'clip.txt', content: TEXT }], { 'video_file.0': [FILE_RULES.video.extensionMessage] }],
      ['news', [{ name: 'image', filename: 'empty.png', content: Buffer.alloc(0) }], { image: ['The file is empty.'] }],
      [
        'book',
        [
          { name: 'cover_file[]', filename: 'a.png', content: fileOf('png', 100) },
          { name: 'cover_file[]', filename: 'b.png', content: fileOf('png', 100) },
        ],
        { 'cover_file.1': ['Only one file can be uploaded here.'] },
      ],
      ['news', [{ name: 'attachment', filename: 'a.png', content: fileOf('png', 100) }], { attachment: ['This field does not accept files.'] }],
    ];
    for (const [kind, parts, errors] of cases) {
      const response = await uploads.inject({ method: 'POST', url: `/upload/${kind}`, ...multipart(parts) });
      expect(response.statusCode, JSON.stringify(errors)).toBe(422);
      expect(response.json().errors).toEqual(errors);
      expect(await storedFiles()).toEqual([]);
    }
  });

  it('refuses more than 10 documents', async () => {
    await emptyStorage();
    const parts = Array.from({ length: 11 }, (_, i) => ({ name: 'documentList[]', filename: `d${i}.pdf`, content: fileOf('pdf', 100) }));
    const response = await uploads.inject({ method: 'POST', url: '/upload/book', ...multipart(parts) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'documentList.10': ['You can upload up to 10 files.'] });
    expect(await storedFiles()).toEqual([]);
  });

  it('answers 415 to a body that is not multipart and 400 to a malformed one', async () => {
    const json = await uploads.inject({ method: 'POST', url: '/upload/news', payload: { title: 'x' } });
    expect(json.statusCode).toBe(415);
    const truncated = multipart([{ name: 'image', filename: 'a.png', content: fileOf('png', 5000) }]).payload.subarray(0, 3000);
    const malformed = await uploads.inject({ method: 'POST', url: '/upload/news', payload: truncated, headers: { 'content-type': CONTENT_TYPE } });
    expect(malformed.statusCode).toBe(400);
    expect(await storedFiles()).toEqual([]);
  });

  it('delivers the 413 over a real connection while the client is still sending', async () => {
    await emptyStorage();
    await uploads.listen({ port: 0, host: '127.0.0.1' });
    try {
      const port = (uploads.server.address() as AddressInfo).port;
      const body = multipart([{ name: 'image', filename: 'huge.png', content: fileOf('png', 20 * 1024 * 1024) }]);
      const response = await fetch(`http://127.0.0.1:${port}/upload/news`, { method: 'POST', body: new Uint8Array(body.payload), headers: body.headers });
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ message: 'Image should not be greater than 5Mb' });
      // The connection still serves a next request.
      const small = multipart([{ name: 'image', filename: 'ok.png', content: fileOf('png', 100) }]);
      const next = await fetch(`http://127.0.0.1:${port}/upload/news`, { method: 'POST', body: new Uint8Array(small.payload), headers: small.headers });
      expect(next.status).toBe(200);
    } finally {
      await uploads.close();
      uploads = await buildUploadApp(storage);
    }
    const left = await storedFiles();
    expect(left).toHaveLength(1);
    await emptyStorage();
  });

  it('streams a 50 MB document to disk with bounded memory', async () => {
    await emptyStorage();
    const size = 50 * 1024 * 1024;
    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    try {
      const response = await uploads.inject({
        method: 'POST',
        url: '/upload/book',
        payload: streamedMultipart('documentList[]', 'big.pdf', 'pdf', size),
        headers: { 'content-type': CONTENT_TYPE },
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().files[0].size).toBe(size);
    } finally {
      clearInterval(sampler);
    }
    peak = Math.max(peak, process.memoryUsage().rss);
    const growth = peak - before;
    expect(growth).toBeLessThan(40 * 1024 * 1024);
    const [key] = await storedFiles();
    const served = await t.as(cookie, { method: 'GET', url: fileUrl(key!), payloadAsStream: true });
    expect(served.headers['content-length']).toBe(String(size));
    served.stream().destroy();
    await emptyStorage();
  });
});
