import { AVATAR_MAX_UPLOAD_BYTES } from '@copytrade/contracts/http/traces/owner-profile.rules';
import { isApiError } from '@/lib/api-client';

/**
 * At most 5 MB, an image; the crop zooms 1 to 3 in steps of 0.1 and gives a JPEG at 0.9 (see
 * docs/product.md#validation-rules).
 */
export const AVATAR_MAX_BYTES = AVATAR_MAX_UPLOAD_BYTES;
export const CROP_ZOOM = { min: 1, max: 3, step: 0.1 } as const;
export const AVATAR_JPEG_QUALITY = 0.9;

export interface Notice {
  title: string;
  description?: string;
}

/** Why a chosen file cannot be an avatar, or null when it can. */
export function checkAvatarFile(file: Pick<File, 'size' | 'type'>): Notice | null {
  if (file.size > AVATAR_MAX_BYTES)
    return { title: 'File Too Large', description: 'Please select an image smaller than 5MB' };
  if (!file.type.startsWith('image/'))
    return { title: 'Invalid File Type', description: 'Please select an image file' };
  return null;
}

/** Avatar upload errors (docs/product.md#error-messages). */
export function avatarUploadError(error: unknown): Notice {
  if (isApiError(error)) {
    if (error.status === 413)
      return { title: 'Upload Failed', description: 'File is too large. Please select a smaller image.' };
    if (error.status === 415)
      return {
        title: 'Upload Failed',
        description: 'File type not supported. Please select a JPEG, PNG, or GIF image.',
      };
    if (error.status === 401 || error.status === 403)
      return { title: 'Upload Failed', description: 'You are not authorized to update this trace avatar.' };
    return { title: 'Upload Failed', description: error.serverMessage };
  }
  return { title: 'Upload Failed' };
}

/** Avatar delete errors (docs/product.md#error-messages). */
export function avatarDeleteError(error: unknown): Notice {
  if (isApiError(error)) {
    if (error.status === 401 || error.status === 403)
      return { title: 'Delete Failed', description: 'You are not authorized to delete this trace avatar.' };
    if (error.status === 404) return { title: 'Delete Failed', description: 'Avatar not found or already deleted.' };
    return { title: 'Delete Failed', description: error.serverMessage };
  }
  return { title: 'Delete Failed' };
}
