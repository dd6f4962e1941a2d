import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import {
  normalisePhoneNumber,
  SignupMessages,
  validatePhoneNumber,
  validateUsername,
  type AvailabilityRpcReply,
  type CheckPhoneRpcRequest,
  type CheckUsernameRpcRequest,
  type RpcRequest,
} from '@copytrade/contracts';
import { Repository } from 'typeorm';
import { UserEntity } from '../../users/entities/user.entity';
import { consumeEach, type RateLimit } from '../../rate-limits/rate-limit';
import { RateLimitPolicies } from '../../rate-limits/rate-limit-policies';
import { RateLimits } from '../../rate-limits/rate-limits.service';

/** Live availability hints of the signup form; rate-limited per client address against enumeration. */
@Injectable()
export class CheckAvailabilityUseCase {
  private readonly perAddress: RateLimit;

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    limits: RateLimits,
  ) {
    this.perAddress = limits.create(RateLimitPolicies.availabilityPerAddress);
  }

  /** Case-insensitive; a username that could never be registered is "not available" with the reason. */
  async username({ payload, clientAddress }: RpcRequest<CheckUsernameRpcRequest>): Promise<AvailabilityRpcReply> {
    await consumeEach([[this.perAddress, clientAddress]]);
    const invalid = validateUsername(payload.username);
    if (invalid) return { available: false, message: invalid };
    const taken = await this.users
      .createQueryBuilder('user')
      .where('lower(user.username) = lower(:username)', { username: payload.username.trim() })
      .getExists();
    return taken
      ? { available: false, message: SignupMessages.usernameTaken }
      : { available: true, message: SignupMessages.usernameAvailable };
  }

  /** Compared as digits only, as phone numbers are stored. */
  async phone({ payload, clientAddress }: RpcRequest<CheckPhoneRpcRequest>): Promise<AvailabilityRpcReply> {
    await consumeEach([[this.perAddress, clientAddress]]);
    const invalid = validatePhoneNumber(payload.phoneNumber);
    if (invalid) return { available: false, message: invalid };
    const taken = await this.users.existsBy({ phoneNumber: normalisePhoneNumber(payload.phoneNumber) });
    return taken
      ? { available: false, message: SignupMessages.phoneTaken }
      : { available: true, message: SignupMessages.phoneAvailable };
  }
}
