/** What may be uploaded, by extension, and how each is served. */
export const DOCUMENT_TYPES: Record<string, string> = {
  // documents
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  odt: 'application/vnd.oasis.opendocument.text',
  ods: 'application/vnd.oasis.opendocument.spreadsheet',
  odp: 'application/vnd.oasis.opendocument.presentation',
  rtf: 'application/rtf',
  txt: 'text/plain',
  csv: 'text/csv',
  md: 'text/markdown',
  html: 'text/html',
  htm: 'text/html',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  '7z': 'application/x-7z-compressed',
  // programs handed in as text (TKJ): shown as text, never run
  pkt: 'application/octet-stream',
  pka: 'application/octet-stream',
  // images
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  bmp: 'image/bmp',
  svg: 'image/svg+xml',
  heic: 'image/heic',
  heif: 'image/heif',
  // video and audio
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  '3gp': 'video/3gpp',
  ogv: 'video/ogg',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  opus: 'audio/ogg',
};

/** Containers whose sniffed type is generic: a .docx is a zip, a .doc a CFB file. */
const CONTAINERS: Record<string, string[]> = {
  zip: ['docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'epub', 'zip'],
  cfb: ['doc', 'xls', 'ppt'],
  xml: ['svg', 'html', 'htm'],
  mp4: ['mp4', 'm4v', 'm4a', 'mov', '3gp'],
  mov: ['mov', 'mp4'],
  webm: ['webm', 'mkv'],
  mkv: ['mkv', 'webm'],
  jpg: ['jpg', 'jpeg'],
  m4a: ['m4a', 'mp4'],
  heic: ['heic', 'heif'],
  heif: ['heif', 'heic'],
  // Ogg: the codec decides file-type's answer, the name may say .ogg either way.
  ogg: ['ogg', 'ogv', 'opus'],
  opus: ['opus', 'ogg'],
  ogv: ['ogv', 'ogg'],
};

/** Types a browser may show inline without running anything of ours; the rest is an attachment. */
const INLINE = new Set([
  'application/pdf',
  'text/plain',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'image/bmp',
  'video/mp4',
  'video/webm',
  'video/quicktime',
  'video/x-matroska',
  'video/3gpp',
  'audio/mpeg',
  'audio/mp4',
  'audio/wav',
  'audio/ogg',
  'video/ogg',
]);

export const isInline = (mime: string) => INLINE.has(mime);

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]{1,10})$/.exec(name);
  return m ? m[1]!.toLowerCase() : '';
}

/**
 * Decides the stored type of a document from its name and its first bytes.
 * Returns null when the file may not be stored: an unknown extension, or content of a kind
 * that is not on the list (an executable named .pdf).
 */
export function documentType(originalName: string, sniffed: { ext: string; mime: string } | undefined): string | null {
  const ext = extensionOf(originalName);
  const byName = DOCUMENT_TYPES[ext];
  if (!byName) return null;
  if (!sniffed) {
    // No magic number: only text-like formats may lack one.
    return ['txt', 'csv', 'md', 'html', 'htm', 'svg', 'rtf', 'pkt', 'pka', 'mp3'].includes(ext) ? byName : null;
  }
  if (sniffed.ext === ext || CONTAINERS[sniffed.ext]?.includes(ext)) return byName;
  // Content of another allowed kind under a wrong name is kept and served as what it really is.
  return DOCUMENT_TYPES[sniffed.ext] ? sniffed.mime : null;
}

export function avatarType(sniffed: { mime: string } | undefined): string | null {
  return sniffed && (sniffed.mime === 'image/jpeg' || sniffed.mime === 'image/png') ? sniffed.mime : null;
}
