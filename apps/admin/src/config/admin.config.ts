import { BaseServiceConfig } from '@copytrade/nest';

export class AdminConfig extends BaseServiceConfig {}
