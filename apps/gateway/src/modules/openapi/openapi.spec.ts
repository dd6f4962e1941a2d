import { operationIdFactory } from './openapi';

describe('OpenAPI operation ids', () => {
  it('are the controller and method names, without the prefix that keeps class names unique across apps', () => {
    expect(operationIdFactory('GatewayBetaController', 'status')).toBe('BetaController_status');
    expect(operationIdFactory('AuthController', 'login')).toBe('AuthController_login');
    expect(operationIdFactory('GatewayAdminUsersController', 'list')).toBe('AdminUsersController_list');
    expect(operationIdFactory('', 'health')).toBe('health');
  });
});
