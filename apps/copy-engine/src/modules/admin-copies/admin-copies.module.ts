import { Module } from '@nestjs/common';
import { AdminCopiesController } from './admin-copies.controller';
import { CopiesOfTradesUseCase } from './copies-of-trades.use-case';

/** The admin panel's reads of copies (the trade list's copy counts and first copies). */
@Module({ controllers: [AdminCopiesController], providers: [CopiesOfTradesUseCase] })
export class AdminCopiesModule {}
