import { Transform } from 'class-transformer';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { trimString } from '../common/satisfies-rule.validator';

/** GET /api/dev/mail?to=<address> (development only). */
export class DevMailQueryDto {
  @IsOptional()
  @Transform(trimString)
  @IsString({ message: 'to must be an e-mail address' })
  @MaxLength(254, { message: 'to must be an e-mail address' })
  to?: string;
}

export interface DevMailView {
  to: string;
  subject: string;
  text: string;
  /** The HTML alternative; null when the mail was text only. */
  html: string | null;
  /** The mail's extra headers (List-Unsubscribe, List-Unsubscribe-Post…); {} when none. */
  headers: Record<string, string>;
  sentAt: string;
}
export interface DevMailResponse {
  success: true;
  mails: DevMailView[];
}
