import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { TracesChanges } from './traces-changes';
import { TracesChangesInterceptor } from './traces-changes.interceptor';

/** TracesChanges for every module, and the interceptor that announces every write RPC (see its comment). */
@Global()
@Module({
  providers: [TracesChanges, { provide: APP_INTERCEPTOR, useClass: TracesChangesInterceptor }],
  exports: [TracesChanges],
})
export class TracesChangesModule {}
