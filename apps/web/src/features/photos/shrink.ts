import { PHOTO_LONG_SIDE, jpegName } from './pages';

/**
 * How a photo is made lighter: at most 2,000 px on its long side, JPEG. On the page's own thread:
 * the library's worker would load its code from a CDN, which a phone on a school's network or
 * offline may not reach.
 */
export const SHRINK_OPTIONS = {
  maxWidthOrHeight: PHOTO_LONG_SIDE,
  fileType: 'image/jpeg',
  initialQuality: 0.8,
  useWebWorker: false,
} as const;

/**
 * A photo shrunk in the browser with browser-image-compression (loaded only when a photo is picked),
 * turned upright by its EXIF orientation, as a JPEG named after the original. A JPEG that is already
 * lighter than its shrunk copy is kept as it is. Rejects when the browser cannot read the picture.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const out = await imageCompression(file, { ...SHRINK_OPTIONS });
  if (file.type === 'image/jpeg' && file.size <= out.size) return file;
  return new File([out], jpegName(file.name), { type: 'image/jpeg', lastModified: file.lastModified });
}
