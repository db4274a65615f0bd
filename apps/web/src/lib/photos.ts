/** The longest side a photo keeps: handwriting on an A4 page stays sharp (about 170 dpi). */
export const PHOTO_MAX_SIDE = 2000;
const QUALITY = 0.85;
/** Photos below this size are sent as they are. */
const SMALL = 400 * 1024;

/**
 * A phone photo made lighter before it is uploaded on mobile data: at most PHOTO_MAX_SIDE pixels on
 * its longest side, as JPEG, turned upright by its EXIF orientation. A 12-megapixel photo of a
 * page (3–5 MB) becomes about 0.3–0.8 MB. Anything else — other kinds, small photos, a browser
 * that cannot decode it, a result that is not smaller — is returned unchanged.
 */
export async function shrinkPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || file.size < SMALL || typeof createImageBitmap !== 'function') return file;
  try {
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, PHOTO_MAX_SIDE / Math.max(bitmap.width, bitmap.height));
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const ctx = canvas.getContext('2d');
    if (!ctx) return file;
    // JPEG has no transparency: a transparent PNG gets a white page, not a black one.
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, width, height);
    ctx.drawImage(bitmap, 0, 0, width, height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', QUALITY));
    if (!blob || blob.size >= file.size) return file;
    const name = `${file.name.replace(/\.(jpe?g|png|webp)$/i, '')}.jpg`;
    return new File([blob], name, { type: 'image/jpeg', lastModified: file.lastModified });
  } catch {
    return file;
  }
}
