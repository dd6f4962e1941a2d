import { IsString } from 'class-validator';
import { MultiLineText } from '@copytrade/contracts';
import { ControlCharactersPipe } from './control-characters.pipe';

class NoteDto {
  @IsString() title: string;
  @MultiLineText() body: string;
}

const pipe = new ControlCharactersPipe();
const refusal = (value: unknown, type: 'body' | 'query' | 'param', data?: string) => {
  try {
    pipe.transform(value, { type, metatype: NoteDto, data });
    return null;
  } catch (error) {
    return `${(error as { status: number }).status} ${(error as Error).message}`;
  }
};

describe('ControlCharactersPipe', () => {
  it('refuses any C0 character in a one-line field, a nested one, a key, a query or a path parameter', () => {
    expect(refusal({ title: 'a\u0000' }, 'body')).toBe('400 title must not contain control characters');
    expect(refusal({ title: 'a\nb' }, 'body')).toBe('400 title must not contain control characters');
    expect(refusal({ extra: { deep: ['ok', 'x\u001f'] } }, 'body')).toBe(
      '400 extra.deep.1 must not contain control characters',
    );
    expect(refusal({ 'k\u0000': 1 }, 'body')).toBe('400 k\u0000 must not contain control characters');
    expect(refusal({ search: 'x\t' }, 'query')).toBe('400 search must not contain control characters');
    expect(refusal('id\u0000', 'param', 'id')).toBe('400 id must not contain control characters');
  });

  it("leaves a MultiLineText field's tabs and line breaks to its own rule, and everything else through", () => {
    expect(refusal({ title: 'Title', body: 'one\r\ntwo\tthree' }, 'body')).toBeNull();
    expect(refusal({ title: 'Caf\u00e9 \u{1F600}', n: 12, list: [true, null] }, 'body')).toBeNull();
    expect(refusal(Buffer.from([0, 1, 2]), 'body')).toBeNull();
  });
});
