import { Module } from '@nestjs/common';
import { CopyTradeController } from './copy-trade.controller';

/** The follower's copies: copy-trade and the copy recorded for a trade (the copy engine answers both). */
@Module({ controllers: [CopyTradeController] })
export class CopyTradesModule {}
