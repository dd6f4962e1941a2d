import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { ListBetaRequestsRpcReply, ListBetaRequestsRpcRequest, RpcRequest } from '@copytrade/contracts';
import { Repository } from 'typeorm';
import { requireAdmin } from '../../../common/actor';
import { BetaRequestEntity } from '../entities/beta-request.entity';
import { toBetaRequestView } from '../mappers/beta-request-view.mapper';

/** Admins only: one page of beta requests, newest first, optionally by status. */
@Injectable()
export class ListBetaRequestsUseCase {
  static readonly maxLimit = 100;

  constructor(@InjectRepository(BetaRequestEntity) private readonly requests: Repository<BetaRequestEntity>) {}

  async execute({ actor, payload }: RpcRequest<ListBetaRequestsRpcRequest>): Promise<ListBetaRequestsRpcReply> {
    requireAdmin(actor);
    const limit = Math.min(Math.max(1, payload.limit), ListBetaRequestsUseCase.maxLimit);
    const page = Math.max(1, payload.page);
    const [rows, total] = await this.requests.findAndCount({
      where: payload.status ? { status: payload.status } : {},
      order: { createdAt: 'DESC', id: 'ASC' },
      skip: (page - 1) * limit,
      take: limit,
    });
    return { requests: rows.map(toBetaRequestView), total };
  }
}
