import { Module } from '@nestjs/common';
import { TradingTerminalController } from './trading-terminal.controller';

/** The Trading Terminal's feed (the copy engine composes it). */
@Module({ controllers: [TradingTerminalController] })
export class TradingTerminalModule {}
