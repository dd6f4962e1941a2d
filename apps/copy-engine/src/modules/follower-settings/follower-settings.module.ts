import { Module } from '@nestjs/common';
import { FollowerSettingsHandler } from './follower-settings.handler';

/** The followers' copy-trading settings, projected from identity's UserSettingsChanged (automatic copying reads them). */
@Module({ providers: [FollowerSettingsHandler] })
export class FollowerSettingsModule {}
