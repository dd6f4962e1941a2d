import { Module } from '@nestjs/common';
import { ConnectionsModule } from '../connections/connections.module';
import { PaperController } from './paper.controller';

/** The paper broker's NATS handlers; separate from PaperModule, which the provider module builds on. */
@Module({ imports: [ConnectionsModule], controllers: [PaperController] })
export class PaperApiModule {}
