import ts from 'typescript';

/** An OpenAPI 3.0 schema, as plain JSON. */
export type JsonSchema = Record<string, unknown>;

/**
 * Turns the TypeScript types the controllers return (the contract view types of libs/contracts) into OpenAPI 3.0
 * schemas: each named interface or type alias becomes one component, referenced wherever it appears, so the
 * contract stays the single source of every response shape.
 */
export class SchemasFromTypes {
  readonly components: Record<string, JsonSchema> = {};
  private readonly names = new Map<ts.Type, string>();

  constructor(private readonly checker: ts.TypeChecker) {}

  schemaOf(type: ts.Type): JsonSchema {
    const { checker } = this;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [(type as ts.StringLiteralType).value] };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [(type as ts.NumberLiteralType).value] };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', enum: [checker.typeToString(type) === 'true'] };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.BigInt) return { type: 'string' };
    if (flags & ts.TypeFlags.Null) return { nullable: true, enum: [null] };
    if (type.isUnion()) return this.unionOf(type.types);
    if (type.isIntersection()) return { allOf: type.types.map((part) => this.schemaOf(part)) };
    if (checker.isArrayType(type))
      return { type: 'array', items: this.schemaOf(checker.getTypeArguments(type as ts.TypeReference)[0]!) };
    if (checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type as ts.TypeReference);
      return {
        type: 'array',
        items: this.unionOf([...elements]),
        minItems: elements.length,
        maxItems: elements.length,
      };
    }
    if (flags & ts.TypeFlags.Object) return this.objectOf(type);
    return {};
  }

  private unionOf(types: readonly ts.Type[]): JsonSchema {
    const present = types.filter(
      (part) => !(part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void | ts.TypeFlags.Null)),
    );
    const nullable =
      present.length < types.filter((part) => !(part.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void))).length;
    const booleans = present.filter((part) => part.flags & ts.TypeFlags.BooleanLiteral);
    const rest = booleans.length === 2 ? present.filter((part) => !booleans.includes(part)) : present;
    const parts =
      booleans.length === 2
        ? [{ type: 'boolean' }, ...rest.map((part) => this.schemaOf(part))]
        : rest.map((part) => this.schemaOf(part));
    let schema: JsonSchema;
    if (parts.length > 0 && parts.every((part) => Array.isArray(part.enum) && part.type === 'string'))
      schema = { type: 'string', enum: parts.flatMap((part) => part.enum as unknown[]) };
    else if (parts.length > 0 && parts.every((part) => Array.isArray(part.enum) && part.type === 'number'))
      schema = { type: 'number', enum: parts.flatMap((part) => part.enum as unknown[]) };
    else if (parts.length === 1) schema = parts[0]!;
    else if (parts.length === 0) return { nullable: true, enum: [null] };
    else schema = { anyOf: parts };
    if (!nullable) return schema;
    return schema.$ref
      ? { allOf: [schema], nullable: true }
      : { ...schema, nullable: true, ...(schema.enum ? { enum: [...(schema.enum as unknown[]), null] } : {}) };
  }

  private objectOf(type: ts.Type): JsonSchema {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    if (symbol?.name === 'Date') return { type: 'string', format: 'date-time' };
    const named = symbol && !symbol.name.startsWith('__') && this.isOurs(symbol);
    if (!named) return this.shapeOf(type);
    const known = this.names.get(type);
    if (known) return { $ref: `#/components/schemas/${known}` };
    const name = this.uniqueName(
      this.checker
        .typeToString(type)
        .replace(/[^A-Za-z0-9_]+/g, '_')
        .replace(/_+$/, ''),
    );
    this.names.set(type, name);
    this.components[name] = {};
    this.components[name] = this.shapeOf(type);
    return { $ref: `#/components/schemas/${name}` };
  }

  private shapeOf(type: ts.Type): JsonSchema {
    const { checker } = this;
    const properties: Record<string, JsonSchema> = {};
    const required: string[] = [];
    for (const property of checker.getPropertiesOfType(type)) {
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      const propertyType = declaration
        ? checker.getTypeOfSymbolAtLocation(property, declaration)
        : checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0) continue;
      const schema = this.schemaOf(propertyType);
      const description = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      properties[property.name] = description && !schema.$ref ? { ...schema, description } : schema;
      const optional =
        property.flags & ts.SymbolFlags.Optional ||
        (propertyType.isUnion() && propertyType.types.some((part) => part.flags & ts.TypeFlags.Undefined));
      if (!optional) required.push(property.name);
    }
    const index = checker.getIndexInfosOfType(type)[0];
    return {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      ...(index ? { additionalProperties: this.schemaOf(index.type) } : {}),
    };
  }

  private isOurs(symbol: ts.Symbol): boolean {
    return (symbol.declarations ?? []).some(
      (declaration) => !declaration.getSourceFile().fileName.includes('node_modules'),
    );
  }

  private uniqueName(base: string): string {
    let name = base;
    for (let n = 2; name in this.components; n++) name = `${base}${n}`;
    return name;
  }
}
