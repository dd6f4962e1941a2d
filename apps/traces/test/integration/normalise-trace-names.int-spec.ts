import { randomUUID } from 'node:crypto';
import { NormaliseTraceNames1796930000000 } from '../../src/database/migrations/1796930000000-NormaliseTraceNames';
import { useMigratedTracesDatabase } from '../support/migrated-database';

/** The migration that brings names stored before in line with what the API takes now (docs/security.md). */
const database = useMigratedTracesDatabase('traces_normalise_names');

it('folds names, strips invisible and text-direction characters, and leaves clean names and handles alone', async () => {
  const rows: Array<[string, string]> = [
    ['Tech Breakouts\u200b\u202e', '@tech_a'],
    ['\uff34ech \u2066Swing\u2069', '@tech_b'],
    ['\u200b\ufeff', '@only_invisible'],
    ['Plain Name', '@plain'],
  ];
  for (const [name, handle] of rows)
    await database
      .dataSource()
      .query(`INSERT INTO traces.traces (owner_user_id, name, handle) VALUES ($1, $2, $3)`, [
        randomUUID(),
        name,
        handle,
      ]);
  const runner = database.dataSource().createQueryRunner();
  try {
    await new NormaliseTraceNames1796930000000().up(runner);
    // Run again (a retried migration): nothing more changes.
    await new NormaliseTraceNames1796930000000().up(runner);
  } finally {
    await runner.release();
  }
  const stored = (await database
    .dataSource()
    .query(`SELECT handle, name FROM traces.traces ORDER BY handle`)) as object[];
  expect(stored).toEqual([
    { handle: '@only_invisible', name: '@only_invisible' },
    { handle: '@plain', name: 'Plain Name' },
    { handle: '@tech_a', name: 'Tech Breakouts' },
    { handle: '@tech_b', name: 'Tech Swing' },
  ]);
});
