import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { GatewaySignupController } from './signup.controller';

@Module({ imports: [AuthModule], controllers: [GatewaySignupController] })
export class GatewaySignupModule {}
