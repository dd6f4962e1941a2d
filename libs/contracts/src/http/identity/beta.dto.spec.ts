import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { ListBetaRequestsQueryDto, MAX_PAGE } from './beta.dto';

const problems = (query: Record<string, string>) =>
  validateSync(plainToInstance(ListBetaRequestsQueryDto, query)).flatMap((error) =>
    Object.values(error.constraints ?? {}),
  );

describe('ListBetaRequestsQueryDto', () => {
  it('accepts pages from 1 to MAX_PAGE', () => {
    expect(problems({})).toEqual([]);
    expect(problems({ page: '1', limit: '100' })).toEqual([]);
    expect(problems({ page: String(MAX_PAGE) })).toEqual([]);
  });

  it.each(['0', String(MAX_PAGE + 1), '99999999999999999999999', '1e400', '2.5', 'abc'])(
    'refuses page=%s before it reaches SQL',
    (page) => {
      expect(problems({ page }).length).toBeGreaterThan(0);
    },
  );
});
