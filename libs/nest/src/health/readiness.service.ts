import { Inject, Injectable, Optional } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { DataSource } from 'typeorm';
import { NATS_CONNECTION } from '../messaging';

export interface ReadinessReport {
  ready: boolean;
  database: boolean;
  nats: boolean;
}

/** Readiness = the dependencies this process cannot work without answer right now. */
@Injectable()
export class ReadinessService {
  constructor(
    @Optional() private readonly dataSource?: DataSource,
    @Optional() @Inject(NATS_CONNECTION) private readonly nats?: NatsConnection,
  ) {}

  async check(): Promise<ReadinessReport> {
    const [database, nats] = await Promise.all([this.databaseReachable(), this.natsReachable()]);
    return { ready: database && nats, database, nats };
  }

  private async databaseReachable(): Promise<boolean> {
    if (!this.dataSource) return true;
    try {
      await withTimeout(this.dataSource.query('SELECT 1'), 2_000);
      return true;
    } catch {
      return false;
    }
  }

  private async natsReachable(): Promise<boolean> {
    if (!this.nats || this.nats.isClosed()) return false;
    try {
      await withTimeout(this.nats.flush(), 2_000);
      return true;
    } catch {
      return false;
    }
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}
