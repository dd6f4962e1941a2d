import { Module } from '@nestjs/common';
import { PaperController } from './paper.controller';

@Module({ controllers: [PaperController] })
export class PaperModule {}
