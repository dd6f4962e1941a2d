import { Injectable, Logger } from '@nestjs/common';
import {
  BrokerageRpc,
  type ProviderCredentialsRpcReply,
  type UserScopedRpcRequest,
  type UserView,
} from '@copytrade/contracts';
import { RpcClient } from '@copytrade/nest';
import { rpcContextOf, type GatewayRequest } from './authenticated-request';

/** Short: the user view must not wait on the brokerage service; without an answer the secret is simply left out. */
const SECRET_LOOKUP_TIMEOUT_MS = 1_500;

/**
 * Fills `snaptradeUserSecret` in the user view its owner receives (login, verify-token): identity never holds
 * the secret, brokerage decrypts it for the owner only. One NATS request, made only for registered users.
 */
@Injectable()
export class ProviderSecretForOwner {
  private readonly logger = new Logger(ProviderSecretForOwner.name);

  constructor(private readonly rpc: RpcClient) {}

  async fill(user: UserView, request: GatewayRequest): Promise<UserView> {
    if (!user.snaptradeUserId) return user;
    try {
      const context = { ...rpcContextOf(request), actor: { userId: user.id, isAdmin: user.isAdmin } };
      const reply = await this.rpc.request<UserScopedRpcRequest, ProviderCredentialsRpcReply>(
        BrokerageRpc.getCredentials,
        { userId: user.id },
        context,
        SECRET_LOOKUP_TIMEOUT_MS,
      );
      return { ...user, snaptradeUserSecret: reply.userSecret };
    } catch (error) {
      this.logger.warn(
        { userId: user.id, code: (error as { code?: string }).code },
        'Provider secret not available for the user view',
      );
      return user;
    }
  }
}
