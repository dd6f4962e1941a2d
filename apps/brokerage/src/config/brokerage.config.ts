import { BaseServiceConfig } from '@copytrade/nest';

export class BrokerageConfig extends BaseServiceConfig {}
