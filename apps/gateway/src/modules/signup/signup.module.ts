import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { SignupController } from './signup.controller';

@Module({ imports: [AuthModule], controllers: [SignupController] })
export class SignupModule {}
