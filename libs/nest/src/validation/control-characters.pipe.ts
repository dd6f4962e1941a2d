import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';
import { MULTI_LINE_TEXT, TextInputMessages, TextInputRules } from '@copytrade/contracts';
import { getMetadataStorage } from 'class-validator';
import { DomainException } from '../errors/domain.exception';

const CHECKED = new Set<ArgumentMetadata['type']>(['body', 'query', 'param']);

/**
 * Refuses a C0 control character (U+0000–U+001F) anywhere in a body, query or path parameter — field names
 * included — with a 400 naming the field, before validation and before anything reaches a database (PostgreSQL
 * cannot store NUL). Body fields whose DTO marks them MultiLineText keep tabs and line breaks; that rule checks
 * the rest of them. Registered once, ahead of the ValidationPipe (docs/security.md, "Input and logs").
 */
@Injectable()
export class ControlCharactersPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (!CHECKED.has(metadata.type)) return value;
    const multiLine = metadata.type === 'body' ? multiLineFields(metadata.metatype) : new Set<string>();
    const field = offendingField(value, metadata.data ?? '', multiLine);
    if (field !== null) {
      const message = TextInputMessages.controlCharacters(field || metadata.type);
      throw DomainException.badRequest(message, { fields: [{ field: field || metadata.type, messages: [message] }] });
    }
    return value;
  }
}

/** The first field path whose name or text holds a control character ('' for the value itself), else null. */
function offendingField(value: unknown, path: string, multiLine: ReadonlySet<string>): string | null {
  if (typeof value === 'string') return TextInputRules.controlCharacter.test(value) ? path : null;
  if (value === null || typeof value !== 'object' || !isPlainData(value)) return null;
  for (const [key, child] of Object.entries(value)) {
    const childPath = path ? `${path}.${key}` : key;
    if (TextInputRules.controlCharacter.test(key)) return childPath;
    // A multi-line field is left to its own rule, which allows tabs and line breaks there.
    if (!path && multiLine.has(key)) continue;
    const found = offendingField(child, childPath, multiLine);
    if (found !== null) return found;
  }
  return null;
}

/** Parsed JSON, form fields or a query: not an uploaded file's Buffer or another class's instance. */
function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === null || prototype === Object.prototype;
}

const fieldsByType = new WeakMap<object, Set<string>>();

/** The properties of a DTO class that carry the MultiLineText rule. */
function multiLineFields(metatype: ArgumentMetadata['metatype']): Set<string> {
  if (typeof metatype !== 'function') return new Set();
  let fields = fieldsByType.get(metatype);
  if (!fields) {
    const rules = getMetadataStorage().getTargetValidationMetadatas(metatype, '', true, false);
    fields = new Set(rules.filter((rule) => rule.name === MULTI_LINE_TEXT).map((rule) => rule.propertyName));
    fieldsByType.set(metatype, fields);
  }
  return fields;
}
