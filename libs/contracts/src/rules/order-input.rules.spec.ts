import { isWholeOrderQuantity, OrderInputRules } from './order-input.rules';

describe('order input rules', () => {
  it.each([1, 2, 1_000_000])('%p is a whole order quantity', (value) => {
    expect(isWholeOrderQuantity(value)).toBe(true);
  });

  it.each([0, -1, 0.5, 1.5, 1_000_001, 1e15, Number.NaN, Number.POSITIVE_INFINITY, '2', null, undefined, [2]])(
    '%p is not a whole order quantity',
    (value) => {
      expect(isWholeOrderQuantity(value)).toBe(false);
    },
  );

  it('printable text has no control characters', () => {
    expect(OrderInputRules.printable.test('MSFT 250117C00100000 — ünïcode')).toBe(true);
    for (const text of ['a\u0000b', 'tab\there', 'line\n', '\u007f'])
      expect([text, OrderInputRules.printable.test(text)]).toEqual([text, false]);
  });
});
