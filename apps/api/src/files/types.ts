import { DOCUMENT_TYPES, LEAVE_FILE_MAX_MB, LEAVE_FILE_TYPES, LEAVE_MSG, LIMITS, MB, MSG } from '@kelasku/contract';

export { DOCUMENT_TYPES };

/** What an upload is for: a profile photo, a document (materials, submissions), or the letter of an izin/sakit request. */
export type UploadKind = 'avatar' | 'document' | 'letter';

/** Each kind's largest size and the messages of its refusals (413 too large, 415 type). */
export const UPLOAD_RULES: Record<UploadKind, { maxBytes: number; tooLarge: string; type: string }> = {
  avatar: { maxBytes: LIMITS.avatarBytes, tooLarge: MSG.avatarTooLarge, type: MSG.avatarType },
  document: { maxBytes: LIMITS.fileBytes, tooLarge: MSG.fileTooLarge, type: MSG.fileType },
  letter: { maxBytes: LEAVE_FILE_MAX_MB * MB, tooLarge: LEAVE_MSG.fileTooLarge, type: LEAVE_MSG.fileType },
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

/** The letter of an izin/sakit request: a photo (JPEG, PNG, WebP) or a PDF by its content, whatever its name. */
export function letterType(sniffed: { mime: string } | undefined): string | null {
  return sniffed && (LEAVE_FILE_TYPES as readonly string[]).includes(sniffed.mime) ? sniffed.mime : null;
}
