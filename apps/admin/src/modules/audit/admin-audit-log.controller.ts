import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminAuditLogRpcCall, AdminPanelRpc, type AdminAuditLogRpcReply } from '@copytrade/contracts';
import { ListAuditLogUseCase } from './use-cases/list-audit-log.use-case';

@Controller()
export class AdminAuditLogController {
  constructor(private readonly listAuditLog: ListAuditLogUseCase) {}

  @MessagePattern(AdminPanelRpc.listAuditLog)
  list(@Payload() request: AdminAuditLogRpcCall): Promise<AdminAuditLogRpcReply> {
    return this.listAuditLog.execute(request);
  }
}
