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
  sentAt: string;
}
export interface DevMailResponse {
  success: true;
  mails: DevMailView[];
}
