import { Inject, Injectable } from '@nestjs/common';
import {
  AVAILABLE_BROKERAGE,
  BrokerageErrorCode,
  BrokerageMessages,
  isAvailableBrokerage,
  type ConnectionPortalRpcReply,
  type ConnectionPortalRpcRequest,
} from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { BrokerageConfig } from '../../../config/brokerage.config';
import { BROKERAGE_PROVIDER, type BrokerageProvider } from '../../provider/brokerage-provider';
import { withProviderErrors } from '../../provider/provider-error.mapper';
import { ProviderUsers } from '../provider-users.service';

/** A fresh portal URL (it expires within minutes at the provider), returning to a page of this application only. */
@Injectable()
export class CreateConnectionPortalUseCase {
  constructor(
    private readonly providerUsers: ProviderUsers,
    @Inject(BrokerageConfig) private readonly config: BrokerageConfig,
    @Inject(BROKERAGE_PROVIDER) private readonly provider: BrokerageProvider,
  ) {}

  async execute(request: ConnectionPortalRpcRequest): Promise<ConnectionPortalRpcReply> {
    const broker = (request.broker ?? AVAILABLE_BROKERAGE.slug).toUpperCase();
    if (!isAvailableBrokerage(broker))
      throw new DomainException(400, BrokerageErrorCode.UNKNOWN_BROKERAGE, BrokerageMessages.unknownBrokerage);
    const customRedirect = this.redirectUrl(request.customRedirect ?? '/dashboard');
    const { credentials } = await this.providerUsers.require(request.userId);
    const connectionUrl = await withProviderErrors(() =>
      this.provider.connectionPortalUrl(credentials, {
        broker,
        customRedirect,
        connectionType: request.connectionType ?? 'trade',
      }),
    );
    return { connectionUrl };
  }

  /** Only paths of this origin: an absolute URL elsewhere would make the portal an open redirect. */
  private redirectUrl(customRedirect: string): string {
    const origin = this.config.PUBLIC_URL;
    const url = (() => {
      try {
        return new URL(customRedirect, `${origin}/`);
      } catch {
        return null;
      }
    })();
    if (
      !url ||
      url.origin !== new URL(origin).origin ||
      customRedirect.startsWith('//') ||
      customRedirect.includes('\\')
    ) {
      throw DomainException.badRequest(BrokerageMessages.invalidRedirect);
    }
    return url.toString();
  }
}
