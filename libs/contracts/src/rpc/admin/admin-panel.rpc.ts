import { AdminAuditLogDto, type AdminAuditEntryView } from '../../http/admin/admin-audit.dto';
import {
  AdminFeedbackListQueryDto,
  UpdateFeedbackStatusDto,
  type AdminFeedbackView,
} from '../../http/admin/admin-feedback.dto';
import type { AdminPagination } from '../../http/admin/admin-pagination';
import { AdminUsersDto, ToggleAdminDto } from '../../http/admin/admin-users.dto';
import type { AdminBodyDto } from '../../http/traces/traces.dto';
import { IsString, MaxLength } from 'class-validator';
import { rpcCallOf } from '../rpc-call';

/** The admin service's Users, Feedback and Audit Log calls (the gateway calls these; admin records changes). */
export const AdminPanelRpc = {
  listUsers: 'rpc.admin.users.list',
  toggleAdmin: 'rpc.admin.users.toggle-admin',
  listFeedback: 'rpc.admin.feedback.list',
  setFeedbackStatus: 'rpc.admin.feedback.set-status',
  listAuditLog: 'rpc.admin.audit-log.list',
} as const;

/** What the gateway forwards of an admin form: the body without its `userId` (the session decides who acts). */
export type AdminRpcRequest<TBody extends AdminBodyDto> = Omit<TBody, 'userId'>;

export type AdminListUsersRpcRequest = AdminRpcRequest<AdminUsersDto>;
export type AdminToggleAdminRpcRequest = AdminRpcRequest<ToggleAdminDto>;
export type AdminAuditLogRpcRequest = AdminRpcRequest<AdminAuditLogDto>;

export class SetFeedbackStatusRpcPayload extends UpdateFeedbackStatusDto {
  /** Any text: an id that is no feedback's (malformed included) is 404. */
  @IsString()
  @MaxLength(100)
  feedbackId: string;
}

export interface AdminFeedbackListRpcReply {
  feedback: AdminFeedbackView[];
  pagination: AdminPagination;
}
export interface SetFeedbackStatusRpcReply {
  feedback: AdminFeedbackView;
}
export interface AdminAuditLogRpcReply {
  entries: AdminAuditEntryView[];
  pagination: AdminPagination;
}

export class AdminListUsersRpcCall extends rpcCallOf<AdminListUsersRpcRequest>(AdminUsersDto) {}
export class AdminToggleAdminRpcCall extends rpcCallOf<AdminToggleAdminRpcRequest>(ToggleAdminDto) {}
export class AdminListFeedbackRpcCall extends rpcCallOf(AdminFeedbackListQueryDto) {}
export class SetFeedbackStatusRpcCall extends rpcCallOf(SetFeedbackStatusRpcPayload) {}
export class AdminAuditLogRpcCall extends rpcCallOf<AdminAuditLogRpcRequest>(AdminAuditLogDto) {}
