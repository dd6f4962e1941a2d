/**
 * k8s/components/monitoring against the code: every metric an alert (PrometheusRule) or a dashboard panel queries is
 * one the apps register — the names are read from prom-client's registry after creating every metric definition
 * (libs/nest: app-metrics.ts, messaging-metrics.ts, metrics.ts), so a renamed or removed metric fails here, not
 * silently in production. The overlays include the component, and the dashboard is a sidecar-loadable ConfigMap.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { collectDefaultMetrics, register } from 'prom-client';
import { parse, parseAllDocuments } from 'yaml';
import {
  messagingMetrics,
  MetricNames,
  registerAllAppMetrics,
  rpcActorRefusals,
  rpcClientDuration,
  rpcServerDuration,
} from '@copytrade/nest';
import { PodMonitor, PrometheusRule } from './monitoring-models';

const ROOT = resolve(__dirname, '..', '..', '..');
const MONITORING = join(ROOT, 'k8s', 'components', 'monitoring');

type Obj = Record<string, any>;

function documents(file: string): Obj[] {
  return parseAllDocuments(readFileSync(join(MONITORING, file), 'utf8')).map((document) => document.toJS() as Obj);
}

/** PromQL words that look like names but are not metrics. */
const KEYWORDS = new Set([
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads: identifiers outside strings, label matchers ({…}), ranges ([…]) and
 * grouping clauses (by/without/on/ignoring (…)), that are not function calls or keywords.
 */
export function metricNamesOf(expr: string): string[] {
  const stripped = expr
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, ' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/[A-Za-z_:][A-Za-z0-9_:]*(?=\s*(\()?)/g)) {
    const [name, call] = [match[0], match[1]];
    const before = stripped[match.index! - 1];
    if (call || KEYWORDS.has(name.toLowerCase()) || (before && /[0-9.]/.test(before))) continue;
    names.add(name);
  }
  return [...names];
}

/** Every series name the registry exposes: each metric's name, and a histogram's _bucket, _sum and _count. */
async function registeredSeries(): Promise<Set<string>> {
  register.clear();
  collectDefaultMetrics();
  registerAllAppMetrics();
  messagingMetrics();
  rpcServerDuration();
  rpcClientDuration();
  rpcActorRefusals();
  const series = new Set<string>();
  for (const metric of register.getMetricsAsArray()) {
    const { name, type } = (await metric.get()) as { name: string; type: string };
    series.add(name);
    if (type === 'histogram' || type === 'summary')
      for (const suffix of ['_bucket', '_sum', '_count']) series.add(name + suffix);
  }
  return series;
}

const rule = documents('prometheus-rule.yaml').find((doc) => doc.kind === 'PrometheusRule')!;
const alerts: Obj[] = rule.spec.groups.flatMap((group: Obj) => group.rules);
const dashboardMap = documents('grafana-dashboard.yaml').find((doc) => doc.kind === 'ConfigMap')!;
const dashboard = JSON.parse(Object.values(dashboardMap.data as Record<string, string>)[0]!) as Obj;
const panelQueries: Array<{ panel: string; expr: string }> = dashboard.panels.flatMap((panel: Obj) =>
  (panel.targets ?? []).map((target: Obj) => ({ panel: panel.title, expr: target.expr })),
);

describe('monitoring (k8s/components/monitoring)', () => {
  let series: Set<string>;
  beforeAll(async () => {
    series = await registeredSeries();
  });
  afterAll(() => register.clear());

  it('reads metric names out of PromQL, leaving out functions, labels, ranges and grouping', () => {
    expect(
      metricNamesOf(
        'histogram_quantile(0.99, sum by (route, le) (rate(http_server_request_duration_seconds_bucket{route!="x"}[5m]))) > 1',
      ),
    ).toEqual(['http_server_request_duration_seconds_bucket']);
    expect(metricNamesOf('max by (service) (a_metric offset 1h) / on (service) b_metric > 2e3')).toEqual([
      'a_metric',
      'b_metric',
    ]);
  });

  it('every product metric is registered under the name the alerts and panels use', () => {
    for (const name of Object.values(MetricNames)) expect(series).toContain(name);
    expect(series).not.toContain('copytrade_no_such_metric');
  });

  it('every alert queries only metrics the apps register', () => {
    expect(alerts.length).toBeGreaterThanOrEqual(6);
    const unknown = alerts.flatMap((alert) =>
      metricNamesOf(alert.expr)
        .filter((name) => !series.has(name))
        .map((name) => `${alert.alert}: ${name}`),
    );
    expect(unknown).toEqual([]);
    // The check bites: an alert on a metric no app registers is reported.
    expect(metricNamesOf('max(copytrade_no_such_metric) > 0').filter((name) => !series.has(name))).toEqual([
      'copytrade_no_such_metric',
    ]);
  });

  it('has the alerts ops asked for, each with a severity, a duration or a delta window, and a summary', () => {
    const byMetric = (name: string) =>
      alerts.filter((alert) => metricNamesOf(alert.expr).some((m) => m.startsWith(name)));
    for (const name of [
      'copytrade_outbox_oldest_unpublished_age_seconds',
      'copytrade_dead_letters',
      'copytrade_brokerage_unknown_orders',
      'http_server_requests_total',
      'copytrade_copy_fanout_duration_seconds',
      'copytrade_consumer_pending_messages',
    ])
      expect({ name, alerts: byMetric(name).length }).toEqual({ name, alerts: 1 });
    for (const alert of alerts) {
      expect(['warning', 'critical']).toContain(alert.labels?.severity);
      expect(alert.annotations?.summary).toEqual(expect.any(String));
    }
    expect(alerts.find((a) => a.alert === 'CopytradeGatewayErrors')?.expr).toMatch(/status_code=~"5\.\."/);
  });

  it('every dashboard query reads only registered metrics, and a panel shows each product metric', () => {
    const unknown = panelQueries.flatMap(({ panel, expr }) =>
      metricNamesOf(expr)
        .filter((name) => !series.has(name))
        .map((name) => `${panel}: ${name}`),
    );
    expect(unknown).toEqual([]);
    const queried = new Set(panelQueries.flatMap(({ expr }) => metricNamesOf(expr)));
    for (const name of [
      ...Object.values(MetricNames),
      'copytrade_outbox_oldest_unpublished_age_seconds',
      'copytrade_dead_letters',
    ])
      expect({ name, shown: [...queried].some((q) => q === name || q === `${name}_bucket`) }).toEqual({
        name,
        shown: true,
      });
  });

  it('the dashboard is a ConfigMap Grafana\'s sidecar loads (grafana_dashboard: "1") with a stable uid', () => {
    expect(dashboardMap.metadata.labels.grafana_dashboard).toBe('1');
    expect(dashboard.uid).toBe('copytrade-overview');
    expect(new Set(dashboard.panels.map((panel: Obj) => panel.id)).size).toBe(dashboard.panels.length);
  });

  it('the PodMonitor scrapes the gateway on its metrics port and the services on their health port', () => {
    const monitor = documents('pod-monitor.yaml').find((doc) => doc.kind === 'PodMonitor')!;
    expect(monitor.spec.podMetricsEndpoints.map((e: Obj) => [e.port, e.path])).toEqual([
      ['metrics', '/metrics'],
      ['health', '/metrics'],
    ]);
    const components = monitor.spec.selector.matchExpressions.find((e: Obj) => e.key === 'app.kubernetes.io/component');
    expect(components.values).toEqual(['gateway', 'service']);
  });

  it("the operator objects' schema check refuses a rule without expr, a bad duration or a bad selector", () => {
    const broken = structuredClone(rule);
    delete broken.spec.groups[0].rules[0].expr;
    broken.spec.groups[0].rules[1].for = 'ten minutes';
    expect(() => new PrometheusRule(broken).validate()).toThrow(/is required; must be a duration/);
    expect(() => new PrometheusRule(rule).validate()).not.toThrow();
    const monitor = documents('pod-monitor.yaml').find((doc) => doc.kind === 'PodMonitor')!;
    expect(() => new PodMonitor(monitor).validate()).not.toThrow();
    monitor.spec.selector.matchExpressions[0].operator = 'Within';
    expect(() => new PodMonitor(monitor).validate()).toThrow(/must be In, NotIn/);
  });

  it('every overlay includes the component', () => {
    const overlays = readdirSync(join(ROOT, 'k8s', 'overlays'));
    expect(overlays).toContain('dev');
    for (const overlay of overlays) {
      const file = join(ROOT, 'k8s', 'overlays', overlay, 'kustomization.yaml');
      expect({ overlay, components: (parse(readFileSync(file, 'utf8')) as Obj).components }).toEqual({
        overlay,
        components: expect.arrayContaining(['../../components/monitoring']),
      });
    }
  });
});
