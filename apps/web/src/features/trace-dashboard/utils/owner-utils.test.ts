import { describe, expect, it } from 'vitest';
import { checkAvatarFile } from './avatar-file';
import { isMarketHours, shouldAutoSync } from './market-hours';
import { validateProfile, type ProfileForm } from './profile-form';

const MB = 1024 * 1024;

describe('avatar file checks', () => {
  it('refuses-files-over-5-mb-and-non-images', () => {
    expect(checkAvatarFile({ size: 5 * MB + 1, type: 'image/png' })).toEqual({
      title: 'File Too Large',
      description: 'Please select an image smaller than 5MB',
    });
    expect(checkAvatarFile({ size: 1000, type: 'application/pdf' })).toEqual({
      title: 'Invalid File Type',
      description: 'Please select an image file',
    });
    expect(checkAvatarFile({ size: 5 * MB, type: 'image/jpeg' })).toBeNull();
  });
});

describe('auto-sync market-hours rule', () => {
  // 2026-03-04 is a Wednesday; New York is on EST (UTC−5) until 2026-03-08.
  const wednesdayNoonEt = new Date('2026-03-04T17:00:00.000Z');
  const wednesdayEveningEt = new Date('2026-03-04T23:00:00.000Z');
  const saturdayNoonEt = new Date('2026-03-07T17:00:00.000Z');

  it('knows-market-hours-in-new-york-on-weekdays', () => {
    expect(isMarketHours(wednesdayNoonEt)).toBe(true);
    expect(isMarketHours(new Date('2026-03-04T14:29:00.000Z'))).toBe(false); // 9:29 ET
    expect(isMarketHours(new Date('2026-03-04T14:30:00.000Z'))).toBe(true); // 9:30 ET
    expect(isMarketHours(new Date('2026-03-04T21:00:00.000Z'))).toBe(false); // 16:00 ET
    expect(isMarketHours(wednesdayEveningEt)).toBe(false);
    expect(isMarketHours(saturdayNoonEt)).toBe(false);
  });

  it('syncs-after-15-minutes-in-market-hours-and-60-outside', () => {
    const minutesAgo = (now: Date, minutes: number) => now.getTime() - minutes * 60_000;
    expect(shouldAutoSync(null, wednesdayNoonEt)).toBe(true);
    expect(shouldAutoSync(minutesAgo(wednesdayNoonEt, 14), wednesdayNoonEt)).toBe(false);
    expect(shouldAutoSync(minutesAgo(wednesdayNoonEt, 15), wednesdayNoonEt)).toBe(true);
    expect(shouldAutoSync(minutesAgo(wednesdayEveningEt, 59), wednesdayEveningEt)).toBe(false);
    expect(shouldAutoSync(minutesAgo(wednesdayEveningEt, 60), wednesdayEveningEt)).toBe(true);
    expect(shouldAutoSync(minutesAgo(saturdayNoonEt, 30), saturdayNoonEt)).toBe(false);
  });
});

describe('profile form validation', () => {
  const form = (overrides: Partial<ProfileForm> = {}): ProfileForm => ({
    name: 'Momentum Masters',
    handle: '@momentum_masters',
    description: '',
    bio: '',
    tradingStyle: ['stocks'],
    riskLevel: 'medium',
    minInvestment: '1000',
    ...overrides,
  });

  it('accepts-a-valid-form-and-defaults-an-empty-minimum-to-1000', () => {
    expect(validateProfile(form({ minInvestment: '' })).value?.minInvestment).toBe(1000);
    expect(validateProfile(form({ minInvestment: '250.5' })).value).toMatchObject({ minInvestment: 250.5 });
  });

  it('refuses-missing-name-bad-handle-unknown-style-and-non-numeric-minimum', () => {
    const { errors, value } = validateProfile(
      form({ name: '  ', handle: 'a!', tradingStyle: ['astrology'], minInvestment: 'lots' }),
    );
    expect(value).toBeUndefined();
    expect(errors).toEqual({
      name: 'name is required',
      handle: 'handle must be 3 to 30 letters, digits or underscores, optionally starting with @',
      tradingStyle: expect.stringMatching(/^tradingStyle values must be among: day_trading/),
      minInvestment: 'minInvestment must be a number',
    });
    expect(validateProfile(form({ minInvestment: '-5' })).errors.minInvestment).toBe('minInvestment must be 0 or more');
  });
});
