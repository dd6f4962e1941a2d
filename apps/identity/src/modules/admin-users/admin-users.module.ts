import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UserEntity } from '../users/entities/user.entity';
import { IdentityAdminUsersController } from './admin-users.controller';
import { ListAdminUsersUseCase } from './use-cases/list-admin-users.use-case';
import { SetAdminUseCase } from './use-cases/set-admin.use-case';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity])],
  controllers: [IdentityAdminUsersController],
  providers: [ListAdminUsersUseCase, SetAdminUseCase],
})
export class IdentityAdminUsersModule {}
