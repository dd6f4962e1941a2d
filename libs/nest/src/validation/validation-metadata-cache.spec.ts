import 'reflect-metadata';
import { getMetadataStorage, IsInt, IsString, Min, validateSync } from 'class-validator';
import { plainToInstance } from 'class-transformer';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Base {
  @IsString()
  name!: string;
}

class Order extends Base {
  @IsInt()
  @Min(1)
  quantity!: number;
}

const errorsOf = (type: new () => object, plain: object) =>
  validateSync(plainToInstance(type, plain), { whitelist: true, forbidUnknownValues: true })
    .map((error) => `${error.property}: ${Object.keys(error.constraints ?? {}).join(',')}`)
    .sort();

describe('cacheValidationMetadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('gives the same answers as the uncached lookup, inherited rules included, every time', () => {
    for (let round = 0; round < 3; round += 1) {
      expect(errorsOf(Order, { name: 1, quantity: 0 })).toEqual(['name: isString', 'quantity: min']);
      expect(errorsOf(Order, { name: 'a', quantity: 2 })).toEqual([]);
      expect(errorsOf(Base, { name: 'a', quantity: 'x' })).toEqual([]);
    }
  });

  it('applies rules of a class declared after lookups were cached', () => {
    expect(errorsOf(Order, { name: 'a', quantity: 2 })).toEqual([]);
    class Later extends Order {
      @IsString()
      note!: string;
    }
    expect(errorsOf(Later, { name: 'a', quantity: 2 })).toEqual(['note: isString']);
    expect(errorsOf(Later, { name: 'a', quantity: 0, note: 'n' })).toEqual(['quantity: min']);
  });

  it('answers a repeated lookup from the cache', () => {
    const storage = getMetadataStorage();
    const first = storage.getTargetValidationMetadatas(Order, '', false, false);
    expect(first.map((metadata) => metadata.propertyName).sort()).toEqual(['name', 'quantity', 'quantity']);
    expect(storage.getTargetValidationMetadatas(Order, '', false, false)).toBe(first);
  });

  it('is installed once however often it is called', () => {
    cacheValidationMetadata();
    cacheValidationMetadata();
    expect(errorsOf(Order, { name: 'a', quantity: 0 })).toEqual(['quantity: min']);
  });
});
