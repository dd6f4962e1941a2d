import { Injectable, Logger } from '@nestjs/common';
import {
  IdentityErrorCode,
  Messages,
  type EmailUnsubscribeRpcReply,
  type EmailUnsubscribeQueryDto,
  type RpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { DataSource } from 'typeorm';
import { OwnerNotificationPreferencesEntity } from '../../settings/entities/owner-notification-preferences.entity';
import { NotificationPreferencesUseCase } from '../../settings/use-cases/notification-preferences.use-case';
import { UserEntity } from '../../users/entities/user.entity';
import { EMAIL_TOPIC_SUBJECTS, EMAIL_TOPIC_SWITCHES } from '../email-topic-switches';
import { NotificationEmailOptOutEntity } from '../entities/notification-email-opt-out.entity';
import { UnsubscribeTokens } from '../unsubscribe-tokens';

/**
 * An e-mail's one-click unsubscribe (RFC 8058): no session, the signed token names the user and the topic. Turns that
 * topic off for that user only — the seed flag (through the preferences' own save, so UserSettingsChanged is
 * written), the owner dashboard's switch, or an opt-out — and answers the same again on a repeated click.
 */
@Injectable()
export class UnsubscribeEmailTopicUseCase {
  private readonly logger = new Logger(UnsubscribeEmailTopicUseCase.name);

  constructor(
    private readonly dataSource: DataSource,
    private readonly tokens: UnsubscribeTokens,
    private readonly preferences: NotificationPreferencesUseCase,
  ) {}

  async execute({ payload, requestId }: RpcRequest<EmailUnsubscribeQueryDto>): Promise<EmailUnsubscribeRpcReply> {
    const claim = this.tokens.verify(payload.token);
    if (!claim) {
      throw new DomainException(400, IdentityErrorCode.UNSUBSCRIBE_LINK_INVALID, Messages.unsubscribeLinkInvalid);
    }
    const { userId, topic } = claim;
    // A deleted account has nothing left to turn off; the link still answers as it did.
    if (await this.dataSource.manager.existsBy(UserEntity, { id: userId })) {
      const rule = EMAIL_TOPIC_SWITCHES[topic];
      if (rule.kind === 'seed') await this.preferences.save(userId, { [rule.flag]: false }, requestId);
      else if (rule.kind === 'owner')
        await this.dataSource.manager.upsert(OwnerNotificationPreferencesEntity, { userId, [rule.flag]: false }, [
          'userId',
        ]);
      else
        await this.dataSource.manager
          .createQueryBuilder()
          .insert()
          .into(NotificationEmailOptOutEntity)
          .values({ userId, topic })
          .orIgnore()
          .execute();
    }
    this.logger.log({ requestId, userId, topic }, 'Unsubscribed from notification e-mails');
    return { topic, message: `You will no longer receive e-mails about ${EMAIL_TOPIC_SUBJECTS[topic]}.` };
  }
}
