import { Transform } from 'class-transformer';
import { IsOptional, ValidateBy } from 'class-validator';
import { TextInputMessages, TextInputRules } from '../../rules/text-input.rules';

/**
 * The name of the MultiLineText rule. The gateway refuses every C0 control character in what a client sends,
 * except in the fields carrying this rule, which keep tabs and line breaks (docs/security.md, "Input and logs").
 */
export const MULTI_LINE_TEXT = 'multiLineText';

/** True when `value`, or any string inside it (an array or object), matches `pattern`. */
export function someStringMatches(value: unknown, pattern: RegExp): boolean {
  if (typeof value === 'string') return pattern.test(value);
  if (value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, child]) => pattern.test(key) || someStringMatches(child, pattern));
}

/** Free text from a multi-line box: tabs and line breaks are kept, every other C0 control character refused. */
export function MultiLineText(): PropertyDecorator {
  return ValidateBy({
    name: MULTI_LINE_TEXT,
    validator: {
      validate: (value: unknown) => !someStringMatches(value, TextInputRules.controlCharacterBesideLineBreaks),
      defaultMessage: (args) => TextInputMessages.controlCharacters(args?.property ?? 'text'),
    },
  });
}

/** A name shown to others: no bidirectional-override or zero-width character that would let it pass for another. */
export function VisibleText(): PropertyDecorator {
  return ValidateBy({
    name: 'visibleText',
    validator: {
      validate: (value: unknown) => !someStringMatches(value, TextInputRules.invisibleCharacter),
      defaultMessage: (args) => TextInputMessages.invisibleCharacters(args?.property ?? 'text'),
    },
  });
}

/** Compatibility forms folded to one (NFKC: a full-width 'Ｔ' is 'T', a ligature 'ﬁ' is 'fi'), then trimmed. */
export const normalisedText = ({ value }: { value: unknown }) =>
  typeof value === 'string' ? value.normalize('NFKC').trim() : value;

const blankAsAbsent = ({ value }: { value: unknown }) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

/**
 * An optional field a form sends: left blank ('' or spaces, as an empty input is sent) it is absent, so the
 * field's default applies instead of a refusal. Not for updates where '' is a value of its own.
 */
export function OptionalField(): PropertyDecorator {
  return (target, key) => {
    IsOptional()(target, key);
    Transform(blankAsAbsent)(target, key);
  };
}
