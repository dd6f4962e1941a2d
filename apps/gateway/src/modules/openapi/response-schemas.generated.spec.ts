import path from 'node:path';
import { responseSchemasOfControllers } from '../../../scripts/openapi/response-schemas-of-controllers';
import { RESPONSE_SCHEMAS } from './response-schemas.generated';

describe('the generated response schemas', () => {
  it('match the return types of the controllers today (else run apps/gateway/scripts/openapi/write-response-schemas.ts)', () => {
    const current = responseSchemasOfControllers(path.join(__dirname, '../../../tsconfig.json'));
    expect(RESPONSE_SCHEMAS).toEqual(current);
  }, 60_000);

  it('describe a trace list as its contract view: traces with names', () => {
    expect(RESPONSE_SCHEMAS.operations.TracesController_list).toEqual({
      $ref: '#/components/schemas/TracesListResponse',
    });
    const summary = RESPONSE_SCHEMAS.schemas.TraceSummaryView as {
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(summary.properties.name).toMatchObject({ type: 'string' });
    expect(summary.required).toEqual(expect.arrayContaining(['id', 'name']));
  });
});
