import { LoginDto } from '@copytrade/contracts';
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
});
