import { BaseServiceConfig } from '@copytrade/nest';

export class TracesConfig extends BaseServiceConfig {}
