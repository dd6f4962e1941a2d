import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { AdminBodyDto } from '../traces/traces.dto';

/**
 * Admin lists come in pages of 25 starting at 1 (docs/product.md#business-constants); a client may ask for up to 100.
 */
export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_PAGE_MAX = 100;
export const ADMIN_PAGE_NUMBER_MAX = 100_000;

/** { page, limit, total, pages } as the admin lists answer it (docs/product.md#rest-calls). */
export interface AdminPagination {
  page: number;
  limit: number;
  total: number;
  pages: number;
}

export function adminPaginationOf(page: number, limit: number, total: number): AdminPagination {
  return { page, limit, total, pages: Math.ceil(total / limit) };
}

/** Query strings arrive as text, RPC payloads as JSON: both become numbers. */
const toNumber = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

const wholeNumber =
  (field: string, max: number): PropertyDecorator =>
  (target, key) => {
    const message = `${field} must be a whole number from 1 to ${max}`;
    for (const decorate of [
      IsOptional(),
      Transform(toNumber),
      IsInt({ message }),
      Min(1, { message }),
      Max(max, { message }),
    ])
      decorate(target, key);
  };

/** page (from 1) and limit (default 25, at most 100) of an admin list. */
export class AdminPageDto extends AdminBodyDto {
  @wholeNumber('page', ADMIN_PAGE_NUMBER_MAX)
  page?: number;

  @wholeNumber('limit', ADMIN_PAGE_MAX)
  limit?: number;
}

/** The same page fields in a query string (GET lists). */
export class AdminPageQueryDto {
  @wholeNumber('page', ADMIN_PAGE_NUMBER_MAX)
  page?: number;

  @wholeNumber('limit', ADMIN_PAGE_MAX)
  limit?: number;
}
