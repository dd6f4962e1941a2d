import type { TierName } from './traces.rules';

/** Owner settings (docs/product.md#owner-settings): the fixed values, defaults and texts of the owner calls. */

/** Profile payload defaults: what a PUT /profile that leaves a field out stores. */
export const PROFILE_DEFAULTS = { riskLevel: 'medium', minInvestment: 1000 } as const;
export const MIN_INVESTMENT_MAX = 1_000_000_000;
export const TRACE_NAME_MAX = 80;
export const TRACE_DESCRIPTION_MAX = 2000;
export const TRACE_BIO_MAX = 5000;

/** Privacy payload defaults (also the columns' defaults). */
export const PRIVACY_DEFAULTS: {
  allowComments: boolean;
  allowCopying: boolean;
  autoShareProfitableTrades: boolean;
  defaultSharingTier: TierName;
  publicProfile: boolean;
} = {
  allowComments: true,
  allowCopying: true,
  autoShareProfitableTrades: false,
  defaultSharingTier: 'premium',
  publicProfile: true,
};

export const POST_TITLE_MAX = 200;
export const POST_CONTENT_MAX = 20_000;

/** Avatar uploads: at most 5 MB as sent; JPEG, PNG or GIF by their bytes. */
export const AVATAR_MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const AVATAR_FIELD = 'avatar';
/** Re-encoded on the server to fit inside this square (never enlarged), as JPEG at this quality. */
export const AVATAR_MAX_DIMENSION = 512;
export const AVATAR_JPEG_QUALITY = 90;
/**
 * What the traces service accepts to store: a re-encoded 512 × 512 JPEG at quality 90 stays far below it (even pure
 * noise is about 300 kB), and its base64 (× 4/3) plus the RPC envelope stays under NATS's default 1 MB max_payload.
 */
export const AVATAR_STORED_MAX_BYTES = 640 * 1024;
/** Pixels decoded at most (a decompression bomb of a small file is refused before it is decoded). */
export const AVATAR_MAX_INPUT_PIXELS = 50_000_000;

export const OwnerProfileErrorCode = {
  AVATAR_REQUIRED: 'AVATAR_REQUIRED',
  AVATAR_TOO_LARGE: 'AVATAR_TOO_LARGE',
  AVATAR_UNSUPPORTED_TYPE: 'AVATAR_UNSUPPORTED_TYPE',
  AVATAR_NOT_FOUND: 'AVATAR_NOT_FOUND',
  POST_NOT_FOUND: 'POST_NOT_FOUND',
} as const;

export const OwnerProfileMessages = {
  profileUpdated: 'Profile updated successfully',
  privacyUpdated: 'Privacy settings updated successfully',
  postCreated: 'Post created successfully',
  postUpdated: 'Post updated successfully',
  postDeleted: 'Post deleted successfully',
  postNotFound: 'Post not found',
  avatarRequired: 'Please select an image file',
  avatarTooLarge: 'File is too large. Please select a smaller image.',
  avatarUnsupportedType: 'File type not supported. Please select a JPEG, PNG, or GIF image.',
  avatarUploaded: 'Avatar updated successfully',
  avatarDeleted: 'Avatar deleted successfully',
  avatarNotFound: 'Avatar not found or already deleted.',
  /** The beta grants paid tiers without payment: no revenue is earned. */
  betaRevenue: 'Nothing is charged during the beta: revenue is $0 until paid subscriptions start.',
} as const;

/** The trace's avatar as the API serves it: the version (content hash) makes the URL immutable. */
export const traceAvatarUrl = (traceId: string, version: string) =>
  `/api/traces/${traceId}/avatar?v=${encodeURIComponent(version)}`;
