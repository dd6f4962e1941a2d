import type { RiskLevel } from '@copytrade/contracts';
import { MIN_INVESTMENT_MAX, PROFILE_DEFAULTS } from '@copytrade/contracts/http/traces/owner-profile.rules';
import { RISK_LEVELS, TRADING_STYLES } from '@copytrade/contracts/http/traces/traces.rules';

/**
 * The Profile form as typed (minInvestment as text), and the payload it becomes (docs/product.md#entities-and-fields).
 */
export interface ProfileForm {
  name: string;
  handle: string;
  description: string;
  bio: string;
  tradingStyle: string[];
  riskLevel: RiskLevel;
  minInvestment: string;
}

export type ProfileErrors = Partial<Record<'name' | 'handle' | 'tradingStyle' | 'riskLevel' | 'minInvestment', string>>;

const HANDLE = /^@?[A-Za-z0-9_]{3,30}$/;

/** The server's rules and messages (UpdateTraceProfileDto), checked before sending. */
export function validateProfile(form: ProfileForm): {
  errors: ProfileErrors;
  value?: {
    name: string;
    handle: string;
    description: string;
    bio: string;
    tradingStyle: string[];
    riskLevel: RiskLevel;
    minInvestment: number;
  };
} {
  const errors: ProfileErrors = {};
  const name = form.name.trim();
  const handle = form.handle.trim();
  if (!name) errors.name = 'name is required';
  if (!HANDLE.test(handle))
    errors.handle = 'handle must be 3 to 30 letters, digits or underscores, optionally starting with @';
  if (form.tradingStyle.some((style) => !(TRADING_STYLES as readonly string[]).includes(style)))
    errors.tradingStyle = `tradingStyle values must be among: ${TRADING_STYLES.join(', ')}`;
  if (!(RISK_LEVELS as readonly string[]).includes(form.riskLevel))
    errors.riskLevel = 'riskLevel must be low, medium or high';
  const rawMin = form.minInvestment.trim();
  const minInvestment = rawMin === '' ? PROFILE_DEFAULTS.minInvestment : Number(rawMin);
  if (!Number.isFinite(minInvestment)) errors.minInvestment = 'minInvestment must be a number';
  else if (minInvestment < 0) errors.minInvestment = 'minInvestment must be 0 or more';
  else if (minInvestment > MIN_INVESTMENT_MAX) errors.minInvestment = 'minInvestment is too large';
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    value: {
      name,
      handle,
      description: form.description.trim(),
      bio: form.bio.trim(),
      tradingStyle: [...new Set(form.tradingStyle)],
      riskLevel: form.riskLevel,
      minInvestment: Math.round(minInvestment * 100) / 100,
    },
  };
}
