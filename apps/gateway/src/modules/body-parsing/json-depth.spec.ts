import { jsonDepthExceeds } from './json-depth';

const nested = (levels: number): unknown => JSON.parse('['.repeat(levels) + ']'.repeat(levels));

describe('jsonDepthExceeds', () => {
  it.each([
    [null, 0],
    ['text', 0],
    [{}, 1],
    [[], 1],
    [{ a: { b: [1] } }, 3],
    [[{ a: 1 }, [[[]]]], 4],
  ])('%j nests %i levels', (value, depth) => {
    expect(jsonDepthExceeds(value, depth)).toBe(false);
    expect(jsonDepthExceeds(value, depth - 1)).toBe(depth > 0);
  });

  it('measures a 3,000-level body without overflowing the stack', () => {
    expect(jsonDepthExceeds(nested(3000), 32)).toBe(true);
    expect(jsonDepthExceeds(nested(32), 32)).toBe(false);
    expect(jsonDepthExceeds(nested(33), 32)).toBe(true);
  });
});
