import { All, Controller } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Messages } from '@copytrade/contracts';
import { DomainException } from '@copytrade/nest';
import { Public } from '../auth/access.decorators';

/** Registered last: any /api path no controller claimed answers 404 JSON (never the web app's HTML). */
@ApiExcludeController()
@Controller('api')
export class NotFoundController {
  @Public()
  @All('*path')
  notFound(): never {
    throw DomainException.notFound(Messages.routeNotFound, 'ROUTE_NOT_FOUND');
  }
}
