import { returnedRows } from './returned-rows';
import { selectList } from './select-list';

describe('selectList', () => {
  interface Row {
    id: string;
    userId: string;
    quantity: string;
  }

  it('aliases each property to its column or expression, leaving a same-named column bare', () => {
    expect(selectList<Row>({ id: 'id', userId: 'user_id', quantity: 'quantity::text' })).toBe(
      'id, user_id AS "userId", quantity::text AS "quantity"',
    );
  });

  it('qualifies $. with the alias given, or drops it', () => {
    const columns = { id: '$.id', userId: '$.user_id', quantity: 'round($.quantity, 2)::text' };
    expect(selectList<Row>(columns, 'k')).toBe(
      'k.id AS "id", k.user_id AS "userId", round(k.quantity, 2)::text AS "quantity"',
    );
    expect(selectList<Row>(columns)).toBe('id, user_id AS "userId", round(quantity, 2)::text AS "quantity"');
    expect(selectList<Row>(columns, 'f', 'f_')).toBe(
      'f.id AS "f_id", f.user_id AS "f_userId", round(f.quantity, 2)::text AS "f_quantity"',
    );
  });
});

describe('returnedRows', () => {
  it("answers the rows of TypeORM's [rows, count] for a DML … RETURNING, and a SELECT's rows as they are", () => {
    expect(returnedRows([[{ id: 'a' }], 1])).toEqual([{ id: 'a' }]);
    expect(returnedRows([[], 0])).toEqual([]);
    expect(returnedRows([{ id: 'a' }, { id: 'b' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
  });
});
