import { Module } from '@nestjs/common';
import { OrderPlacement } from './order-placement.service';
import { PaperController } from './paper.controller';

@Module({ controllers: [PaperController], providers: [OrderPlacement], exports: [OrderPlacement] })
export class PaperModule {}
