import { jetstream } from '@nats-io/jetstream';
import { headers, type NatsConnection } from '@nats-io/transport-node';
import type { DataSource } from 'typeorm';
import { REDRIVE_FOR_HEADER } from './durable-event-consumer';
import { messagingTableName } from './messaging-table-name.util';

export interface DeadLetterRow {
  id: string;
  consumer: string;
  event_id: string | null;
  subject: string;
  stream_sequence: string | null;
  error: string;
  deliveries: number;
  created_at: Date;
  redriven_at: Date | null;
}

interface DeadLetterToRedrive extends DeadLetterRow {
  payload: string;
}

export type RedriveSelection = { id: string } | { all: true; consumer?: string };

/**
 * Reads a service's dead letters and sends them back to the consumer that gave up on them. A redrive
 * re-publishes the original payload on its subject under a new Nats-Msg-Id (`redrive-<dead letter id>`)
 * with a header naming the durable: that consumer applies it (its inbox has no row for it: the failed
 * transaction rolled back), every other consumer of the subject acks it unseen.
 */
export class DeadLetters {
  private readonly table: string;

  constructor(
    private readonly dataSource: DataSource,
    schema: string,
  ) {
    this.table = messagingTableName(schema, 'dead_letter');
  }

  /** Oldest first; redriven ones only with `includeRedriven`. */
  async list({ includeRedriven = false }: { includeRedriven?: boolean } = {}): Promise<DeadLetterRow[]> {
    return this.dataSource.query(
      `SELECT id, consumer, event_id, subject, stream_sequence, error, deliveries, created_at, redriven_at
         FROM ${this.table} WHERE $1 OR redriven_at IS NULL ORDER BY created_at, id`,
      [includeRedriven],
    );
  }

  /**
   * Marks the selected dead letters redriven (so two operators never send one twice), then publishes each in
   * its original stream order; one that cannot be published is unmarked again and the error is thrown.
   */
  async redrive(nc: NatsConnection, selection: RedriveSelection): Promise<DeadLetterRow[]> {
    const [claimed] = (await this.dataSource.query(
      `UPDATE ${this.table} SET redriven_at = now()
        WHERE redriven_at IS NULL AND (($1::uuid IS NOT NULL AND id = $1::uuid)
           OR ($1::uuid IS NULL AND ($2::text IS NULL OR consumer = $2)))
        RETURNING id, consumer, event_id, subject, stream_sequence, payload, error, deliveries, created_at, redriven_at`,
      'id' in selection ? [selection.id, null] : [null, selection.consumer ?? null],
    )) as [DeadLetterToRedrive[], number];
    const ordered = claimed.sort(
      (a, b) =>
        Number(a.stream_sequence ?? Infinity) - Number(b.stream_sequence ?? Infinity) || +a.created_at - +b.created_at,
    );
    const js = jetstream(nc);
    for (const [index, row] of ordered.entries()) {
      const header = headers();
      header.set(REDRIVE_FOR_HEADER, row.consumer);
      try {
        await js.publish(row.subject, row.payload, { msgID: `redrive-${row.id}`, headers: header });
      } catch (error) {
        const unsent = ordered.slice(index).map((unsentRow) => unsentRow.id);
        await this.dataSource.query(`UPDATE ${this.table} SET redriven_at = NULL WHERE id = ANY($1::uuid[])`, [unsent]);
        throw error;
      }
    }
    return ordered.map(({ payload: _payload, ...row }) => row);
  }
}
