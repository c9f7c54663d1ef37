/**
 * Phone photos go up compressed: long side at most 1600 px, JPEG at quality 0.7. An 8 MB,
 * 12-megapixel photo of a CMR becomes a few hundred KB and stays legible.
 */
export const MAX_LONG_SIDE = 1600;
export const JPEG_QUALITY = 0.7;

/** The size to draw a `width`×`height` image at: scaled down to `maxSide`, never up. */
export function targetSize(
  width: number,
  height: number,
  maxSide = MAX_LONG_SIDE,
): { width: number; height: number } {
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export interface CompressedPhoto {
  blob: Blob;
  width: number;
  height: number;
}

/** Decodes a photo (EXIF orientation applied) and re-encodes it as a smaller JPEG. */
export async function compressPhoto(file: Blob): Promise<CompressedPhoto> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  const { width, height } = targetSize(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  // White under a transparent PNG instead of JPEG's black.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new Error('toBlob');
  return { blob, width, height };
}
