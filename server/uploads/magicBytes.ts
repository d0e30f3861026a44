/**
 * Content sniffing from the first bytes of a file ("magic bytes"). An upload is accepted only
 * when its content belongs to the family its extension promises, so a renamed executable or text
 * file is refused whatever its name says.
 */

export type ContentFamily =
  | 'pdf'
  | 'png'
  | 'jpeg'
  | 'gif'
  /** ZIP container: pptx, docx, xlsx (Office Open XML). */
  | 'zip'
  /** OLE2 compound file: legacy ppt, doc, xls. */
  | 'ole'
  | 'avi'
  | 'wav'
  /** EBML: webm and mkv (Matroska). */
  | 'ebml'
  /** ISO base media / QuickTime: mp4, mov. */
  | 'isoMedia'
  | 'ogg'
  | 'mp3'
  | 'flv'
  /** ASF: wmv. */
  | 'asf';

/** Bytes the sniffer needs; fewer are read when the file is shorter. */
export const SNIFF_LENGTH = 16;

/** The family each accepted extension must contain. */
export const EXTENSION_FAMILY: Readonly<Record<string, ContentFamily>> = {
  pdf: 'pdf',
  png: 'png',
  jpg: 'jpeg',
  jpeg: 'jpeg',
  gif: 'gif',
  pptx: 'zip',
  docx: 'zip',
  xlsx: 'zip',
  ppt: 'ole',
  doc: 'ole',
  xls: 'ole',
  avi: 'avi',
  wav: 'wav',
  webm: 'ebml',
  mkv: 'ebml',
  mp4: 'isoMedia',
  mov: 'isoMedia',
  ogg: 'ogg',
  mp3: 'mp3',
  flv: 'flv',
  wmv: 'asf',
};

/** Human name of each family, for refusal messages. */
export const FAMILY_LABEL: Readonly<Record<ContentFamily, string>> = {
  pdf: 'PDF document',
  png: 'PNG image',
  jpeg: 'JPEG image',
  gif: 'GIF image',
  zip: 'Office (Open XML) document',
  ole: 'Office (97-2003) document',
  avi: 'AVI video',
  wav: 'WAV audio',
  ebml: 'WebM or Matroska video',
  isoMedia: 'MP4 or QuickTime video',
  ogg: 'Ogg media',
  mp3: 'MP3 audio',
  flv: 'Flash video',
  asf: 'Windows Media video',
};

const ascii = (text: string) => Array.from(text, (c) => c.charCodeAt(0));

function startsWith(head: Uint8Array, signature: number[], offset = 0): boolean {
  if (head.length < offset + signature.length) return false;
  return signature.every((byte, i) => head[offset + i] === byte);
}

/** Top-level QuickTime atoms that may open a .mov written before the `ftyp` atom existed. */
const QUICKTIME_ATOMS = ['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].map(ascii);

/** The family of a file from its first bytes (at least SNIFF_LENGTH when the file has them). */
export function sniff(head: Uint8Array): ContentFamily | undefined {
  if (startsWith(head, ascii('%PDF-'))) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return 'zip';
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (startsWith(head, ascii('RIFF'))) {
    if (startsWith(head, ascii('AVI '), 8)) return 'avi';
    if (startsWith(head, ascii('WAVE'), 8)) return 'wav';
    return undefined;
  }
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return 'ebml';
  if (startsWith(head, ascii('ftyp'), 4) || QUICKTIME_ATOMS.some((atom) => startsWith(head, atom, 4))) return 'isoMedia';
  if (startsWith(head, ascii('OggS'))) return 'ogg';
  if (startsWith(head, ascii('FLV')) && head[3] === 0x01) return 'flv';
  if (startsWith(head, [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11])) return 'asf';
  if (startsWith(head, ascii('ID3'))) return 'mp3';
  // MPEG audio frame sync: 11 set bits, then a layer that is not the reserved 00.
  const second = head[1];
  if (head[0] === 0xff && second !== undefined && (second & 0xe0) === 0xe0 && (second & 0x06) !== 0) return 'mp3';
  return undefined;
}

/** True when the first bytes of a file are what its extension promises. */
export function contentMatchesExtension(head: Uint8Array, extension: string): boolean {
  const expected = EXTENSION_FAMILY[extension];
  return expected !== undefined && sniff(head) === expected;
}
