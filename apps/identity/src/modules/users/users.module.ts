import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SessionsModule } from '../sessions/sessions.module';
import { UserEntity } from './entities/user.entity';
import { UserSeeder } from './user-seeder.service';
import { UsersController } from './users.controller';

@Module({
  imports: [TypeOrmModule.forFeature([UserEntity]), SessionsModule],
  controllers: [UsersController],
  providers: [UserSeeder],
})
export class UsersModule {}
