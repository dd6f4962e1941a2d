import {
  BadRequestException,
  Injectable,
  PayloadTooLargeException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import {
  AVATAR_FIELD,
  AVATAR_MAX_UPLOAD_BYTES,
  OwnerProfileErrorCode,
  OwnerProfileMessages,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import type { Observable } from 'rxjs';

/** multer reading the multipart field `avatar` into memory (no `dest`: memory storage): one file of at most 5 MB, a few small text fields. */
const MulterAvatar = FileInterceptor(AVATAR_FIELD, {
  limits: { fileSize: AVATAR_MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
});

/**
 * The avatar upload's body parsing, its errors in the API's shape and the documented words: over 5 MB → 413
 * 'File is too large. Please select a smaller image.'; another field than `avatar` or a malformed body → 400.
 */
@Injectable()
export class AvatarUploadInterceptor implements NestInterceptor {
  private readonly multer: NestInterceptor = new MulterAvatar();

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    try {
      return await this.multer.intercept(context, next);
    } catch (error) {
      if (error instanceof PayloadTooLargeException)
        throw new DomainException(413, OwnerProfileErrorCode.AVATAR_TOO_LARGE, OwnerProfileMessages.avatarTooLarge);
      if (error instanceof BadRequestException)
        throw new DomainException(
          400,
          OwnerProfileErrorCode.AVATAR_REQUIRED,
          `${OwnerProfileMessages.avatarRequired} (form field "${AVATAR_FIELD}").`,
        );
      throw error;
    }
  }
}
