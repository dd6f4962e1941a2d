import {
  AVATAR_JPEG_QUALITY,
  AVATAR_MAX_DIMENSION,
  AVATAR_MAX_INPUT_PIXELS,
  OwnerProfileErrorCode,
  OwnerProfileMessages,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import sharp from 'sharp';

export type AvatarSourceType = 'jpeg' | 'png' | 'gif';

/** The type an upload is by its first bytes (its name and declared Content-Type are not trusted). */
export function imageTypeOf(bytes: Buffer): AvatarSourceType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  const head = bytes.subarray(0, 6).toString('latin1');
  if (head === 'GIF87a' || head === 'GIF89a') return 'gif';
  return null;
}

export interface ReencodedAvatar {
  data: Buffer;
  width: number;
  height: number;
}

const unsupported = () =>
  new DomainException(415, OwnerProfileErrorCode.AVATAR_UNSUPPORTED_TYPE, OwnerProfileMessages.avatarUnsupportedType);

/**
 * Decodes a JPEG, PNG or GIF (its first frame) with libvips (sharp), turns it upright by its EXIF orientation,
 * fits it inside 512 × 512 (never enlarged), puts transparency on white and writes a JPEG at quality 90. sharp
 * writes no metadata unless asked, so EXIF (GPS position, camera, dates), XMP, IPTC and ICC profiles are gone.
 * Bombs are refused before decoding (more than 50 megapixels), and anything that does not decode is a 415.
 */
export async function reencodeAvatar(bytes: Buffer): Promise<ReencodedAvatar> {
  if (!imageTypeOf(bytes)) throw unsupported();
  try {
    const { data, info } = await sharp(bytes, { limitInputPixels: AVATAR_MAX_INPUT_PIXELS, pages: 1, failOn: 'error' })
      .rotate()
      .resize(AVATAR_MAX_DIMENSION, AVATAR_MAX_DIMENSION, { fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: AVATAR_JPEG_QUALITY, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { data, width: info.width, height: info.height };
  } catch {
    throw unsupported();
  }
}
