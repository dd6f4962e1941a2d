/**
 * Schemas of the Prometheus Operator objects k8s/components/monitoring uses (monitoring.coreos.com/v1 PodMonitor and
 * PrometheusRule), in the shape of a kubernetes-models class: `validate()` reads every field it knows and throws
 * `{ errors }` for a wrong one, so deploy-manifests.spec.ts reports the fields it never read as unknown. The subset
 * written here is the CRDs' (prometheus-operator v0.7x); a field the manifests start to use is added to it.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
type Obj = Record<string, any>;

interface SchemaError {
  instancePath: string;
  keyword: string;
  message: string;
}

class Checker {
  readonly errors: SchemaError[] = [];

  required(value: unknown, path: string): boolean {
    if (value !== undefined && value !== null) return true;
    this.errors.push({ instancePath: path, keyword: 'required', message: 'is required' });
    return false;
  }

  type(value: unknown, type: 'string' | 'object' | 'array', path: string): boolean {
    if (value === undefined) return false;
    const actual = Array.isArray(value) ? 'array' : typeof value;
    if (actual === type) return true;
    this.errors.push({ instancePath: path, keyword: 'type', message: `must be ${type}` });
    return false;
  }

  /** A map of strings (labels, annotations): every key is read. */
  stringMap(value: unknown, path: string): void {
    if (!this.type(value, 'object', path)) return;
    for (const [key, child] of Object.entries(value as Obj)) this.type(child, 'string', `${path}/${key}`);
  }

  metadata(metadata: Obj | undefined): void {
    if (!this.required(metadata, '/metadata') || !this.type(metadata, 'object', '/metadata')) return;
    this.required(metadata!.name, '/metadata/name');
    this.type(metadata!.name, 'string', '/metadata/name');
    this.type(metadata!.namespace, 'string', '/metadata/namespace');
    if (metadata!.labels !== undefined) this.stringMap(metadata!.labels, '/metadata/labels');
    if (metadata!.annotations !== undefined) this.stringMap(metadata!.annotations, '/metadata/annotations');
  }

  throwIfAny(): void {
    if (this.errors.length > 0)
      throw Object.assign(new Error(this.errors.map((e) => e.message).join('; ')), { errors: this.errors });
  }
}

abstract class MonitoringModel {
  [key: string]: any;

  constructor(data: Obj) {
    Object.assign(this, data);
  }

  validate(): void {
    const check = new Checker();
    void this.apiVersion;
    void this.kind;
    check.metadata(this.metadata);
    if (check.required(this.spec, '/spec') && check.type(this.spec, 'object', '/spec')) this.validateSpec(check);
    check.throwIfAny();
  }

  protected abstract validateSpec(check: Checker): void;
}

const DURATION = /^(0|(([0-9]+)y)?(([0-9]+)w)?(([0-9]+)d)?(([0-9]+)h)?(([0-9]+)m)?(([0-9]+)s)?(([0-9]+)ms)?)$/;

export class PodMonitor extends MonitoringModel {
  protected validateSpec(check: Checker): void {
    const spec = this.spec as Obj;
    if (check.required(spec.selector, '/spec/selector') && check.type(spec.selector, 'object', '/spec/selector')) {
      if (spec.selector.matchLabels !== undefined)
        check.stringMap(spec.selector.matchLabels, '/spec/selector/matchLabels');
      if (check.type(spec.selector.matchExpressions, 'array', '/spec/selector/matchExpressions'))
        (spec.selector.matchExpressions as Obj[]).forEach((expression, index) => {
          const path = `/spec/selector/matchExpressions/${index}`;
          check.required(expression.key, `${path}/key`);
          if (
            check.required(expression.operator, `${path}/operator`) &&
            !['In', 'NotIn', 'Exists', 'DoesNotExist'].includes(expression.operator)
          )
            check.errors.push({
              instancePath: `${path}/operator`,
              keyword: 'enum',
              message: 'must be In, NotIn, Exists or DoesNotExist',
            });
          if (expression.values !== undefined && check.type(expression.values, 'array', `${path}/values`))
            (expression.values as unknown[]).forEach((value, i) => check.type(value, 'string', `${path}/values/${i}`));
        });
    }
    if (spec.namespaceSelector !== undefined) {
      void spec.namespaceSelector.any;
      void spec.namespaceSelector.matchNames;
    }
    if (
      check.required(spec.podMetricsEndpoints, '/spec/podMetricsEndpoints') &&
      check.type(spec.podMetricsEndpoints, 'array', '/spec/podMetricsEndpoints')
    )
      (spec.podMetricsEndpoints as Obj[]).forEach((endpoint, index) => {
        const path = `/spec/podMetricsEndpoints/${index}`;
        check.type(endpoint.port, 'string', `${path}/port`);
        check.type(endpoint.path, 'string', `${path}/path`);
        check.type(endpoint.scheme, 'string', `${path}/scheme`);
        for (const field of ['interval', 'scrapeTimeout'])
          if (check.type(endpoint[field], 'string', `${path}/${field}`) && !DURATION.test(endpoint[field]))
            check.errors.push({ instancePath: `${path}/${field}`, keyword: 'pattern', message: 'must be a duration' });
      });
  }
}

export class PrometheusRule extends MonitoringModel {
  protected validateSpec(check: Checker): void {
    const spec = this.spec as Obj;
    if (!check.required(spec.groups, '/spec/groups') || !check.type(spec.groups, 'array', '/spec/groups')) return;
    (spec.groups as Obj[]).forEach((group, g) => {
      const path = `/spec/groups/${g}`;
      check.required(group.name, `${path}/name`);
      check.type(group.name, 'string', `${path}/name`);
      check.type(group.interval, 'string', `${path}/interval`);
      if (!check.required(group.rules, `${path}/rules`) || !check.type(group.rules, 'array', `${path}/rules`)) return;
      (group.rules as Obj[]).forEach((rule, r) => {
        const at = `${path}/rules/${r}`;
        if (rule.alert === undefined && rule.record === undefined)
          check.errors.push({ instancePath: at, keyword: 'required', message: 'needs alert or record' });
        check.type(rule.alert, 'string', `${at}/alert`);
        check.type(rule.record, 'string', `${at}/record`);
        if (check.required(rule.expr, `${at}/expr`)) check.type(rule.expr, 'string', `${at}/expr`);
        if (check.type(rule.for, 'string', `${at}/for`) && !DURATION.test(rule.for))
          check.errors.push({ instancePath: `${at}/for`, keyword: 'pattern', message: 'must be a duration' });
        if (rule.labels !== undefined) check.stringMap(rule.labels, `${at}/labels`);
        if (rule.annotations !== undefined) check.stringMap(rule.annotations, `${at}/annotations`);
      });
    });
  }
}
