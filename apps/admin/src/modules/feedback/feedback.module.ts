import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdminAuditModule } from '../audit/admin-audit.module';
import { IdentityRpcClientModule } from '../rpc/service-rpc-client.module';
import { FeedbackEntity } from './entities/feedback.entity';
import { FeedbackController } from './feedback.controller';
import { ListFeedbackUseCase } from './use-cases/list-feedback.use-case';
import { SetFeedbackStatusUseCase } from './use-cases/set-feedback-status.use-case';
import { SubmitFeedbackUseCase } from './use-cases/submit-feedback.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([FeedbackEntity]), AdminAuditModule, IdentityRpcClientModule],
  controllers: [FeedbackController],
  providers: [SubmitFeedbackUseCase, ListFeedbackUseCase, SetFeedbackStatusUseCase],
})
export class FeedbackModule {}
