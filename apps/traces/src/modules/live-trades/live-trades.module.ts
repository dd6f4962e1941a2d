import { Module } from '@nestjs/common';
import { IdentityUsersModule } from '../identity-users/identity-users.module';
import { LiveTradesController } from './live-trades.controller';
import { ListLiveTradesUseCase } from './live-trades.use-case';

/** rpc.traces.live-trades.list: the open shared trades a user may see (the Trading Terminal's feed). */
@Module({ imports: [IdentityUsersModule], controllers: [LiveTradesController], providers: [ListLiveTradesUseCase] })
export class LiveTradesModule {}
