import { createTestDatabase, type TestDatabase } from '@copytrade/testing';
import { DataSource } from 'typeorm';
import { runAfterCommit } from './after-commit';

let database: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  database = await createTestDatabase('after_commit');
  dataSource = new DataSource({ type: 'postgres', url: database.url, poolSize: 2 });
  await dataSource.initialize();
  await dataSource.query('CREATE TABLE notes (text text)');
}, 60_000);

afterAll(async () => {
  await dataSource?.destroy();
  await database?.drop();
});

describe('runAfterCommit', () => {
  it('runs once the outermost transaction has committed, before the transaction resolves, seeing its rows', async () => {
    const seen: number[] = [];
    const countOutside = async () => Number((await dataSource.query('SELECT count(*) AS n FROM notes'))[0].n);
    await dataSource.transaction(async (manager) => {
      await manager.query(`INSERT INTO notes VALUES ('a')`);
      await runAfterCommit(manager, async () => void seen.push(await countOutside()));
      await manager.transaction(async (inner) => inner.query(`INSERT INTO notes VALUES ('b')`)); // a savepoint
      expect(seen).toEqual([]);
    });
    expect(seen).toEqual([2]);
  });

  it('never runs after a rollback, and a failing callback does not fail the committed transaction', async () => {
    const ran: string[] = [];
    await expect(
      dataSource.transaction(async (manager) => {
        await runAfterCommit(manager, () => void ran.push('rolled back'));
        throw new Error('business rule');
      }),
    ).rejects.toThrow('business rule');
    await dataSource.transaction(async (manager) => {
      await runAfterCommit(manager, () => {
        throw new Error('notification failed');
      });
      await runAfterCommit(manager, () => void ran.push('committed'));
    });
    expect(ran).toEqual(['committed']);
  });

  it('runs at once without a transaction', async () => {
    const ran: string[] = [];
    await runAfterCommit(dataSource.manager, () => void ran.push('now'));
    expect(ran).toEqual(['now']);
  });
});
