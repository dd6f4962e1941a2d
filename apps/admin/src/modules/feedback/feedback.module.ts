import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { FeedbackEntity } from './entities/feedback.entity';
import { FeedbackController } from './feedback.controller';
import { SubmitFeedbackUseCase } from './use-cases/submit-feedback.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([FeedbackEntity])],
  controllers: [FeedbackController],
  providers: [SubmitFeedbackUseCase],
})
export class FeedbackModule {}
