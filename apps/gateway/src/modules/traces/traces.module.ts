import { Module } from '@nestjs/common';
import { TracesReadCache } from './traces-read-cache.service';
import { TracesReadsInterceptor } from './traces-reads.interceptor';
import { TracesController } from './traces.controller';

@Module({ controllers: [TracesController], providers: [TracesReadCache, TracesReadsInterceptor] })
export class TracesModule {}
