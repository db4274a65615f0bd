/** The longest side a photo keeps: handwriting on an A4 page stays sharp (about 170 dpi). */
export const PHOTO_MAX_SIDE = 2000;
/** Photos below this size are handed in as they are. */
const SMALL = 400 * 1024;

/**
 * How a photo is made lighter (browser-image-compression): at most PHOTO_MAX_SIDE pixels on its
 * long side, JPEG. On the page's own thread: the library's worker would load its code from a CDN,
 * which a phone on a school's network or offline may not reach.
 */
export const SHRINK_OPTIONS = {
  maxWidthOrHeight: PHOTO_MAX_SIDE,
  fileType: 'image/jpeg',
  initialQuality: 0.8,
  useWebWorker: false,
} as const;

/** The name of a shrunk photo: the same name as a JPEG ("IMG_0012.HEIC" → "IMG_0012.jpg", "scan" → "scan.jpg"). */
export function jpegName(name: string): string {
  const base = name.replace(/\.[^./\\]{1,5}$/, '').trim();
  return `${base || 'foto'}.jpg`;
}

/**
 * A photo shrunk in the browser (the library is loaded only when a photo is picked), turned upright
 * by its EXIF orientation, as a JPEG named after the original. A JPEG that is already lighter than
 * its shrunk copy is kept as it is. Rejects when the browser cannot read the picture ("Foto tugas"
 * marks that page).
 */
export async function compressPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(file, { ...SHRINK_OPTIONS });
  if (file.type === 'image/jpeg' && file.size <= out.size) return file;
  return new File([out], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}

/**
 * A phone photo picked for a hand-in, made lighter before it is uploaded on mobile data: a
 * 12-megapixel photo of a page (3–5 MB) becomes about 0.3–0.8 MB. Anything else — other kinds,
 * small photos, a picture the browser cannot read, a result that is not smaller — is returned
 * unchanged.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || file.size < SMALL) return file;
  try {
    const shrunk = await compressPhoto(file);
    return shrunk.size < file.size ? shrunk : file;
  } catch {
    return file;
  }
}
