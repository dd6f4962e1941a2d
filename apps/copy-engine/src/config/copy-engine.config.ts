import { BaseServiceConfig } from '@copytrade/nest';

export class CopyEngineConfig extends BaseServiceConfig {}
