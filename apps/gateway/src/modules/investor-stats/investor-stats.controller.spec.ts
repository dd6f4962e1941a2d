import type { RpcClient } from '@copytrade/nest';
import type { GatewayConfig } from '../../config/gateway.config';
import type { GatewayRequest } from '../auth/authenticated-request';
import { InvestorStatsController, SYSTEM_KEY_HEADER } from './investor-stats.controller';

/** The system key is an extra lock on investor statistics when configured (the admin session is checked before). */
describe('InvestorStatsController system key', () => {
  const stats = { timeFrame: '30d' };
  const controllerWith = (key: string | undefined) => {
    const request = jest.fn().mockResolvedValue({ stats });
    const controller = new InvestorStatsController(
      { request } as unknown as RpcClient,
      { INVESTOR_STATS_SYSTEM_KEY: key } as GatewayConfig,
    );
    return { controller, request };
  };
  const call = (controller: InvestorStatsController, header?: string) =>
    controller.investorStats({}, {
      headers: header === undefined ? {} : { [SYSTEM_KEY_HEADER]: header },
      user: { id: 'admin', isAdmin: true },
    } as unknown as GatewayRequest);

  it('is not required when no key is configured', async () => {
    const { controller } = controllerWith(undefined);
    await expect(call(controller)).resolves.toEqual({ success: true, stats });
  });

  it('refuses a missing or wrong key with 403 and asks the copy engine nothing', async () => {
    const { controller, request } = controllerWith('a-system-key-of-length');
    await expect(call(controller)).rejects.toMatchObject({ status: 403 });
    await expect(call(controller, 'a-system-key-of-lengtH')).rejects.toMatchObject({ status: 403 });
    await expect(call(controller, 'short')).rejects.toMatchObject({ status: 403 });
    expect(request).not.toHaveBeenCalled();
  });

  it('passes with the configured key', async () => {
    const { controller, request } = controllerWith('a-system-key-of-length');
    await expect(call(controller, 'a-system-key-of-length')).resolves.toEqual({ success: true, stats });
    expect(request).toHaveBeenCalledTimes(1);
  });
});
