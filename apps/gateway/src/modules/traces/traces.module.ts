import { Module } from '@nestjs/common';
import { TracesReadCache } from './traces-read-cache.service';
import { TracesController } from './traces.controller';

@Module({ controllers: [TracesController], providers: [TracesReadCache] })
export class TracesModule {}
