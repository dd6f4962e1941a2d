import { Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DEMO_OWNER_PASSWORD, DEMO_OWNERS } from '@copytrade/nest';
import { Repository } from 'typeorm';
import { DEV_ADMIN_PASSWORD, DEV_DEMO_USER, IdentityConfig } from '../../config/identity.config';
import { PasswordHasher } from '../sessions/password-hasher.service';
import { UserEntity } from './entities/user.entity';

/**
 * Creates the first admin on start when no user holds its username or e-mail (race-free: ON CONFLICT),
 * and outside production a non-admin demo user (a returning user: onboarding done). With demo data (DEMO_DATA)
 * it also creates the demo traces' owners, under the fixed ids the traces service gives their traces.
 * Production seeds an admin only from ADMIN_PASSWORD.
 */
@Injectable()
export class UserSeeder implements OnApplicationBootstrap {
  private readonly logger = new Logger(UserSeeder.name);

  constructor(
    @InjectRepository(UserEntity) private readonly users: Repository<UserEntity>,
    private readonly hasher: PasswordHasher,
    @Inject(IdentityConfig) private readonly config: IdentityConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const adminPassword = this.config.ADMIN_PASSWORD ?? (this.config.isProduction ? undefined : DEV_ADMIN_PASSWORD);
    if (!adminPassword) {
      this.logger.warn('ADMIN_PASSWORD is not set: no admin is seeded');
    } else {
      await this.seed({
        username: this.config.ADMIN_USERNAME,
        email: this.config.ADMIN_EMAIL,
        password: adminPassword,
        firstName: 'Platform',
        lastName: 'Admin',
        isAdmin: true,
      });
    }
    if (!this.config.isProduction) await this.seed({ ...DEV_DEMO_USER, isAdmin: false });
    if (this.config.seedsDemoData)
      for (const owner of DEMO_OWNERS) await this.seed({ ...owner, password: DEMO_OWNER_PASSWORD, isAdmin: false });
  }

  private async seed(user: {
    id?: string;
    username: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    isAdmin: boolean;
  }) {
    const inserted = await this.users
      .createQueryBuilder()
      .insert()
      .values({
        ...(user.id ? { id: user.id } : {}),
        username: user.username,
        email: user.email,
        passwordHash: await this.hasher.hash(user.password),
        firstName: user.firstName,
        lastName: user.lastName,
        isAdmin: user.isAdmin,
        // Seeded accounts are returning users; a new signup meets the onboarding wizard.
        hasCompletedOnboarding: true,
      })
      .orIgnore()
      .returning('id')
      .execute();
    if (inserted.identifiers.length > 0 && inserted.identifiers[0])
      this.logger.log({ username: user.username }, 'Seeded user');
  }
}
