import { AVATAR_JPEG_QUALITY } from './avatar-file';

export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The largest side the cropped image is drawn at; the server re-encodes to at most 512 px anyway. */
const MAX_OUTPUT = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be read'));
    image.src = src;
  });
}

/**
 * Draws `area` of the image onto a canvas and answers it as a JPEG at quality 0.9 (docs/product.md#validation-rules),
 * both as a Blob to upload and as a data URL to preview (the app's content policy allows data: images, not blob: ones).
 */
export async function cropToJpeg(src: string, area: PixelArea): Promise<{ blob: Blob; dataUrl: string }> {
  const image = await loadImage(src);
  const scale = Math.min(1, MAX_OUTPUT / Math.max(area.width, area.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available');
  // JPEG has no transparency: a white background under transparent PNG or GIF pixels.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob(
      (result) => (result ? resolve(result) : reject(new Error('Crop failed'))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    ),
  );
  return { blob, dataUrl: canvas.toDataURL('image/jpeg', AVATAR_JPEG_QUALITY) };
}

/** A chosen file as a data URL, for the crop dialog. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}
