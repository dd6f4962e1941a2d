import { randomUUID } from 'node:crypto';
import { CopyTradeDto, CopyTradeMessages, LoginDto } from '@copytrade/contracts';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DomainException } from './domain.exception';
import { validationExceptionFactory } from './validation-exception.factory';

describe('validationExceptionFactory', () => {
  it('answers 400 with the first broken rule as the message and every field in details', () => {
    const errors = validateSync(plainToInstance(LoginDto, { username: 'a', password: 'b' }));
    const exception = validationExceptionFactory(errors);
    expect(exception).toBeInstanceOf(DomainException);
    expect(exception.status).toBe(400);
    expect(exception.code).toBe('VALIDATION_FAILED');
    expect(exception.message).toBe('Username must be at least 3 characters long');
    expect((exception.details as { fields: { field: string }[] }).fields.map((field) => field.field)).toEqual([
      'username',
      'password',
    ]);
  });

  it("answers under the first broken rule's own code when it names one (context: { code })", () => {
    const body = { userId: randomUUID(), tradeId: 't', accountId: 'a', copyAmount: 1, confirmRisks: false };
    const exception = validationExceptionFactory(validateSync(plainToInstance(CopyTradeDto, body)));
    expect([exception.status, exception.code, exception.message]).toEqual([
      400,
      'RISKS_NOT_CONFIRMED',
      CopyTradeMessages.risksNotConfirmed,
    ]);
    const quantity = validateSync(plainToInstance(CopyTradeDto, { ...body, confirmRisks: true, customQuantity: 1e15 }));
    expect(validationExceptionFactory(quantity).code).toBe('INVALID_QUANTITY');
    const amount = validateSync(plainToInstance(CopyTradeDto, { ...body, confirmRisks: true, copyAmount: -1 }));
    expect(validationExceptionFactory(amount).code).toBe('VALIDATION_FAILED');
  });
});
