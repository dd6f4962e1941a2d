import { validateLogin } from './login.rules';
import { isMaintenanceExempt } from './maintenance.rules';

describe('validateLogin', () => {
  it('asks for a 3-character username first', () => {
    expect(validateLogin({ username: ' ab ', password: 'short' })).toBe('Username must be at least 3 characters long');
  });
  it('then for an 8-character password', () => {
    expect(validateLogin({ username: 'abc', password: '1234567' })).toBe('Password must be at least 8 characters long');
  });
  it('passes valid input', () => {
    expect(validateLogin({ username: 'abc', password: '12345678' })).toBeNull();
  });
});

describe('isMaintenanceExempt', () => {
  it.each(['/', '/login', '/request-beta', '/beta-signup', '/admin', '/admin/'])('%s stays reachable', (path) => {
    expect(isMaintenanceExempt(path)).toBe(true);
  });
  it.each(['/dashboard', '/settings', '/auth/forgot-password', '/adminx', '/trace/1'])('%s is replaced', (path) => {
    expect(isMaintenanceExempt(path)).toBe(false);
  });
});
