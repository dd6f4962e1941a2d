/**
 * Deployment descriptors, checked without a cluster or a Docker engine:
 *  - k8s/: every YAML document parses and validates against the Kubernetes schema (kubernetes-models), including
 *    unknown fields; kustomizations reference only files that exist and every manifest is referenced; the base
 *    follows the product rules (each app has a Deployment + Service with the right probes, ports, resources and
 *    security context; gateway HPA + PDB; migrations Job; NATS and PostgreSQL StatefulSets; placeholder secrets).
 *    When kubectl is installed, every kustomization is also rendered and the output checked the same way.
 *    Each app reads the secrets production requires from the Secret (optional ones with optional: true) and finds its
 *    production settings in the ConfigMap or its env; the migrations Job has every secret the services' configurations
 *    require; the dev overlay's generated secrets are valid values and its SMTP_URL reaches its mail catcher.
 *  - docker-compose.yml: parses, has every app + postgres + nats + migrate + a mail catcher wired correctly, and its
 *    DEV-ONLY secret defaults pass the apps' validation.
 *  - deploy/*.Dockerfile, deploy/nats/nats-server.conf, .dockerignore: multi-stage, non-root, right port/healthcheck/CMD.
 */
/* eslint-disable @typescript-eslint/no-explicit-any */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { PersistentVolumeClaim } from 'kubernetes-models/v1/PersistentVolumeClaim';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { ServiceAccount } from 'kubernetes-models/v1/ServiceAccount';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { StatefulSet } from 'kubernetes-models/apps/v1/StatefulSet';
import { CronJob } from 'kubernetes-models/batch/v1/CronJob';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1/NetworkPolicy';
import { PodMonitor, PrometheusRule } from './monitoring-models';

type Obj = Record<string, any>;

const ROOT = resolve(__dirname, '..', '..', '..');
const K8S = join(ROOT, 'k8s');
const BASE = join(K8S, 'base');

/** Every deployable app and the port its /health and /ready listen on (gateway: PORT, services: HEALTH_PORT). */
const APPS: Record<string, number> = {
  gateway: 3000,
  identity: 8081,
  traces: 8081,
  brokerage: 8081,
  'copy-engine': 8081,
  admin: 8081,
};
const APP_NAMES = Object.keys(APPS);
const SERVICE_NAMES = APP_NAMES.filter((app) => app !== 'gateway');
const portVariable = (app: string) => (app === 'gateway' ? 'PORT' : 'HEALTH_PORT');
const NAMESPACE = 'copytrade';
const CONFIG_MAP = 'copytrade-config';
const SECRET = 'copytrade-secrets';
/** Environment variables that are secrets: never in a ConfigMap, never a literal in docker-compose.yml. */
const SECRET_VARIABLES = [
  'DATABASE_URL',
  'POSTGRES_PASSWORD',
  'CSRF_SECRET',
  'ADMIN_PASSWORD',
  'SECRETS_ENCRYPTION_KEY',
  'SNAPTRADE_CLIENT_ID',
  'SNAPTRADE_CONSUMER_KEY',
  'REDIS_URL',
  // identity: the SMTP URL embeds the mail server's credentials.
  'SMTP_URL',
  'CODE_HASH_SECRET',
  'NOTIFICATION_UNSUBSCRIBE_SECRET',
];
const PLACEHOLDER = /CHANGE_ME/;
/**
 * Per app, the secrets it reads from the Secret: `required` ones (the app refuses to start in production without them)
 * must not be optional; `optional` ones must be `optional: true` so a Secret without them still starts the pod.
 */
const APP_SECRETS: Record<string, { required: string[]; optional?: string[] }> = {
  gateway: { required: ['CSRF_SECRET'], optional: ['REDIS_URL'] },
  identity: {
    required: ['DATABASE_URL', 'SMTP_URL', 'CODE_HASH_SECRET', 'NOTIFICATION_UNSUBSCRIBE_SECRET'],
    optional: ['ADMIN_PASSWORD'],
  },
  traces: { required: ['DATABASE_URL'] },
  brokerage: {
    required: ['DATABASE_URL', 'SECRETS_ENCRYPTION_KEY'],
    optional: ['SNAPTRADE_CLIENT_ID', 'SNAPTRADE_CONSUMER_KEY'],
  },
  'copy-engine': { required: ['DATABASE_URL'] },
  admin: { required: ['DATABASE_URL'] },
};
/** Per app, non-secret settings every deployment sets explicitly (ConfigMap or the container's env). */
const APP_SETTINGS: Record<string, string[]> = {
  identity: [
    'PUBLIC_URL',
    'MAIL_FROM',
    'BETA_MAX_USERS',
    'BETA_AUTO_APPROVE',
    'BETA_CODE_TTL_MINUTES',
    'BETA_SIGNUP_WINDOW_MINUTES',
    'PASSWORD_RESET_TTL_MINUTES',
  ],
  brokerage: [
    'PUBLIC_URL',
    'SNAPTRADE_BASE_URL',
    'PAPER_MARKET_HOURS',
    'PAPER_PRICE_SEED',
    'PORTFOLIO_SNAPSHOT_MINUTES',
  ],
};
/** The migrations validate every service's whole configuration first, production requirements included. */
const MIGRATE_SECRETS = [...new Set(SERVICE_NAMES.flatMap((app) => APP_SECRETS[app].required))];

/**
 * Problems of real secret values (dev overlay env file, compose DEV-ONLY defaults, rendered generated Secrets),
 * by the rules the apps' configuration classes enforce.
 */
function secretValueProblems(values: Record<string, string | undefined>, where: string): string[] {
  const problems: string[] = [];
  const value = (key: string) => values[key];
  const key = value('SECRETS_ENCRYPTION_KEY');
  if (key !== undefined && (!/^[A-Za-z0-9+/]{43}=$/.test(key) || Buffer.from(key, 'base64').length !== 32)) {
    problems.push(`${where}: SECRETS_ENCRYPTION_KEY is not 32 bytes of base64 (openssl rand -base64 32)`);
  }
  for (const name of ['CODE_HASH_SECRET', 'NOTIFICATION_UNSUBSCRIBE_SECRET', 'CSRF_SECRET']) {
    const secret = value(name);
    if (secret !== undefined && secret.length < 32)
      problems.push(`${where}: ${name} has ${secret.length} characters, at least 32 are required`);
  }
  const smtp = value('SMTP_URL');
  if (smtp !== undefined && (!/^smtps?:\/\/\S+$/.test(smtp) || !parsesAsUrl(smtp)))
    problems.push(`${where}: SMTP_URL ${smtp} is not an smtp:// or smtps:// URL`);
  const password = value('ADMIN_PASSWORD');
  if (password !== undefined && password.length < 8)
    problems.push(`${where}: ADMIN_PASSWORD is shorter than 8 characters`);
  for (const [name, secret] of Object.entries(values))
    if (secret !== undefined && PLACEHOLDER.test(secret)) problems.push(`${where}: ${name} is still a placeholder`);
  return problems;
}

function parsesAsUrl(text: string): boolean {
  try {
    new URL(text);
    return true;
  } catch {
    return false;
  }
}

/** `{ host, port }` of an smtp(s) URL, the port defaulted by scheme. */
function smtpTarget(smtpUrl: string): { host: string; port: number } {
  const url = new URL(smtpUrl);
  return { host: url.hostname, port: Number(url.port || (url.protocol === 'smtps:' ? 465 : 587)) };
}

// ---------------------------------------------------------------------------------------------------------------
// Kubernetes schema validation

type ModelClass = new (data: any) => { validate(): void };
/** apiVersion/kind -> kubernetes-models class. A kind missing here fails the test: add it, never skip it. */
const MODELS: Record<string, ModelClass> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'v1/ServiceAccount': ServiceAccount,
  'v1/PersistentVolumeClaim': PersistentVolumeClaim,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'batch/v1/Job': Job,
  'batch/v1/CronJob': CronJob,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
  'networking.k8s.io/v1/Ingress': Ingress,
  // The Prometheus Operator's CRDs (k8s/components/monitoring): no kubernetes-models class, see monitoring-models.ts.
  'monitoring.coreos.com/v1/PodMonitor': PodMonitor,
  'monitoring.coreos.com/v1/PrometheusRule': PrometheusRule,
};
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding', 'PersistentVolume', 'StorageClass']);

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
}

/**
 * Schema problems of one object. `partial` (kustomize patches) ignores missing required fields.
 * The OpenAPI schemas accept unknown properties, so a typo such as `readinesProbe` would pass `validate()`:
 * the validator is also run on a recording proxy, and any field it never looked at is reported as unknown.
 */
function schemaProblems(doc: Obj, { partial = false } = {}): string[] {
  const Model = MODELS[`${doc.apiVersion}/${doc.kind}`];
  if (!Model) return [`no Kubernetes schema registered for ${doc.apiVersion} ${doc.kind}: add it to MODELS`];
  const model = new Model(doc);
  const problems: string[] = [];
  try {
    model.validate();
  } catch (error) {
    const errors: AjvError[] = (error as { errors?: AjvError[] }).errors ?? [];
    if (errors.length === 0) problems.push(String((error as Error).message));
    for (const e of errors)
      if (!(partial && e.keyword === 'required')) problems.push(`${e.instancePath || '/'} ${e.message ?? e.keyword}`);
  }
  for (const path of unknownFields(model)) problems.push(`${path}: unknown field`);
  return problems;
}

function unknownFields(model: object): string[] {
  const read = new WeakMap<object, Set<string>>();
  const proxies = new WeakMap<object, object>();
  const wrap = (value: unknown): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const cached = proxies.get(value);
    if (cached) return cached;
    const seen = new Set<string>();
    read.set(value, seen);
    const proxy = new Proxy(value, {
      get(target, key, receiver) {
        if (typeof key === 'string') seen.add(key);
        return wrap(Reflect.get(target, key, receiver));
      },
      // Maps (labels, data, resources.requests, ...) are iterated: all their keys are known.
      ownKeys(target) {
        const keys = Reflect.ownKeys(target);
        for (const key of keys) if (typeof key === 'string') seen.add(key);
        return keys;
      },
    });
    proxies.set(value, proxy);
    return proxy;
  };
  try {
    (Object.getPrototypeOf(model) as { validate(this: unknown): void }).validate.call(wrap(model));
  } catch {
    // Schema errors are reported by schemaProblems; only the reads matter here.
  }
  const unknown: string[] = [];
  const walk = (value: unknown, path: string) => {
    if (value === null || typeof value !== 'object') return;
    const seen = read.get(value);
    if (!seen) return; // never reached by the validator: its parent is already reported
    for (const key of Object.keys(value)) {
      if (!Array.isArray(value) && !seen.has(key)) unknown.push(`${path}/${key}`);
      else walk((value as Obj)[key], `${path}/${key}`);
    }
  };
  walk(model, '');
  return unknown;
}

// ---------------------------------------------------------------------------------------------------------------
// Files

const rel = (file: string) => relative(ROOT, file);

function yamlFilesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return yamlFilesUnder(path);
    return /\.ya?ml$/.test(entry) ? [path] : [];
  });
}

/** Every YAML document of a file (multi-document aware); a syntax error throws with the file name. */
function loadDocuments(file: string): Obj[] {
  return parseYamlDocuments(readFileSync(file, 'utf8'), rel(file));
}

function parseYamlDocuments(text: string, label: string): Obj[] {
  return parseAllDocuments(text).flatMap((document) => {
    if (document.errors.length > 0) throw new Error(`${label}: ${document.errors.map((e) => e.message).join('; ')}`);
    const value = document.toJS();
    return value == null ? [] : [value as Obj];
  });
}

interface KustomizationInfo {
  file: string;
  dir: string;
  body: Obj;
  /** Local files and directories it references, with what for. */
  references: { path: string; as: 'resource' | 'patch' | 'json-patch' | 'generator' }[];
  /** Patches written inline in the kustomization. */
  inlinePatches: string[];
}

function readKustomization(dir: string): KustomizationInfo {
  const file = ['kustomization.yaml', 'kustomization.yml', 'Kustomization']
    .map((name) => join(dir, name))
    .find(existsSync);
  if (!file) throw new Error(`${rel(dir)} has no kustomization.yaml`);
  const body = (parse(readFileSync(file, 'utf8')) ?? {}) as Obj;
  const references: KustomizationInfo['references'] = [];
  const inlinePatches: string[] = [];
  const local = (path: string) => resolve(dir, path);
  for (const entry of [...(body.resources ?? []), ...(body.bases ?? []), ...(body.components ?? [])])
    references.push({ path: local(entry), as: 'resource' });
  for (const patch of body.patches ?? []) {
    if (patch.path) references.push({ path: local(patch.path), as: 'patch' });
    if (patch.patch) inlinePatches.push(patch.patch);
  }
  for (const entry of body.patchesStrategicMerge ?? []) {
    if (typeof entry === 'string' && !entry.includes('\n')) references.push({ path: local(entry), as: 'patch' });
    else inlinePatches.push(entry);
  }
  for (const patch of body.patchesJson6902 ?? [])
    if (patch.path) references.push({ path: local(patch.path), as: 'json-patch' });
  for (const generator of [...(body.configMapGenerator ?? []), ...(body.secretGenerator ?? [])]) {
    for (const entry of [
      ...(generator.files ?? []),
      ...(generator.envs ?? []),
      ...(generator.env ? [generator.env] : []),
    ]) {
      references.push({ path: local(String(entry).split('=').pop()!), as: 'generator' });
    }
  }
  return { file, dir, body, references, inlinePatches };
}

const kustomizationDirs = (): string[] =>
  yamlFilesUnder(K8S)
    .filter((file) => /^kustomization\.ya?ml$/.test(file.split('/').pop()!))
    .map(dirname);

// ---------------------------------------------------------------------------------------------------------------
// Pod / workload helpers

const WORKLOAD_KINDS = new Set(['Deployment', 'StatefulSet', 'Job', 'CronJob', 'DaemonSet']);

function podTemplate(workload: Obj): Obj {
  return workload.kind === 'CronJob' ? workload.spec?.jobTemplate?.spec?.template : workload.spec?.template;
}

function allContainers(pod: Obj): Obj[] {
  return [...(pod?.spec?.initContainers ?? []), ...(pod?.spec?.containers ?? [])];
}

function envValue(container: Obj, name: string): string | undefined {
  return (container.env ?? []).find((e: Obj) => e.name === name)?.value;
}

/** `{ path, port }` of an httpGet probe, the port resolved to a number through the container's named ports. */
function probeTarget(container: Obj, probe: string): { path?: string; port?: number } | undefined {
  const httpGet = container[probe]?.httpGet;
  if (!httpGet) return undefined;
  return { path: httpGet.path, port: resolvePort(container, httpGet.port) };
}

function resolvePort(container: Obj, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return (container.ports ?? []).find((p: Obj) => p.name === port)?.containerPort;
}

const labelsMatch = (selector: Obj | undefined, labels: Obj | undefined) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([key, value]) => labels?.[key] === value);

/** CPU in cores, memory in bytes; enough of the quantity grammar for requests/limits. */
function quantity(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^([0-9.]+)([a-zA-Z]*)$/.exec(value);
  if (!match) return Number.NaN;
  const factors: Record<string, number> = {
    '': 1,
    m: 1e-3,
    k: 1e3,
    M: 1e6,
    G: 1e9,
    T: 1e12,
    Ki: 2 ** 10,
    Mi: 2 ** 20,
    Gi: 2 ** 30,
    Ti: 2 ** 40,
  };
  return Number(match[1]) * (factors[match[2]] ?? Number.NaN);
}

// ---------------------------------------------------------------------------------------------------------------
// Product rules on a set of rendered-or-base objects (shared by the base and the kubectl-rendered kustomizations)

function find(objects: Obj[], kind: string, name: string): Obj | undefined {
  return objects.find((o) => o.kind === kind && o.metadata?.name === name);
}

/** Problems of one app: Deployment + Service, probes on the right paths and port, resources, security, env refs. */
function appProblems(objects: Obj[], app: string, { secretKeys }: { secretKeys?: Set<string> } = {}): string[] {
  const problems: string[] = [];
  const port = APPS[app];
  const deployment = find(objects, 'Deployment', app);
  if (!deployment) return [`${app}: no Deployment named ${app}`];
  const pod = podTemplate(deployment);
  const container = (pod?.spec?.containers ?? []).find((c: Obj) => c.name === app);
  if (!container) return [`${app}: the Deployment has no container named ${app}`];

  if (!(container.ports ?? []).some((p: Obj) => p.containerPort === port))
    problems.push(`${app}: container port ${port} is not declared`);
  if (envValue(container, portVariable(app)) !== String(port))
    problems.push(`${app}: ${portVariable(app)} must be "${port}" (the probed port)`);
  const expected: Record<string, string> = {
    readinessProbe: '/ready',
    livenessProbe: '/health',
    startupProbe: '/health',
  };
  for (const [probe, path] of Object.entries(expected)) {
    const target = probeTarget(container, probe);
    if (!target) problems.push(`${app}: no httpGet ${probe}`);
    else if (target.path !== path || target.port !== port)
      problems.push(`${app}: ${probe} is ${target.path} on port ${target.port}, expected ${path} on ${port}`);
  }

  const { requests = {}, limits = {} } = container.resources ?? {};
  for (const resource of ['cpu', 'memory']) {
    if (requests[resource] === undefined) problems.push(`${app}: no ${resource} request`);
    if (limits[resource] === undefined) problems.push(`${app}: no ${resource} limit`);
    if (
      requests[resource] !== undefined &&
      limits[resource] !== undefined &&
      quantity(requests[resource]) > quantity(limits[resource])
    ) {
      problems.push(`${app}: ${resource} request ${requests[resource]} exceeds its limit ${limits[resource]}`);
    }
  }
  if (pod.spec?.securityContext?.runAsNonRoot !== true && container.securityContext?.runAsNonRoot !== true)
    problems.push(`${app}: runAsNonRoot is not set`);

  const refs = container.envFrom ?? [];
  if (!refs.some((r: Obj) => r.configMapRef?.name === CONFIG_MAP))
    problems.push(`${app}: env does not come from ConfigMap ${CONFIG_MAP}`);
  for (const entry of container.env ?? []) {
    const ref = entry.valueFrom?.secretKeyRef;
    if (!ref) continue;
    if (ref.name !== SECRET) problems.push(`${app}: ${entry.name} reads Secret ${ref.name}, expected ${SECRET}`);
    else if (secretKeys && !secretKeys.has(ref.key) && ref.optional !== true)
      problems.push(`${app}: ${entry.name} needs key ${ref.key}, missing from ${SECRET} (or mark it optional)`);
    if (SECRET_VARIABLES.includes(entry.name) && entry.value !== undefined)
      problems.push(`${app}: ${entry.name} is a literal value; read it from Secret ${SECRET}`);
  }
  const secretRef = (name: string): Obj | undefined =>
    (container.env ?? []).find((e: Obj) => e.name === name)?.valueFrom?.secretKeyRef;
  for (const name of APP_SECRETS[app]?.required ?? []) {
    const ref = secretRef(name);
    if (!ref || ref.name !== SECRET || ref.key !== name)
      problems.push(`${app}: ${name} (required in production) must come from Secret ${SECRET}, key ${name}`);
    else if (ref.optional === true)
      problems.push(`${app}: ${name} is required in production: its secretKeyRef must not be optional`);
  }
  for (const name of APP_SECRETS[app]?.optional ?? []) {
    const ref = secretRef(name);
    if (!ref || ref.name !== SECRET || ref.key !== name || ref.optional !== true)
      problems.push(`${app}: ${name} must come from Secret ${SECRET}, key ${name}, with optional: true`);
  }
  const configData: Obj = find(objects, 'ConfigMap', CONFIG_MAP)?.data ?? {};
  for (const name of APP_SETTINGS[app] ?? []) {
    const value = envValue(container, name) ?? configData[name];
    if (value === undefined) problems.push(`${app}: ${name} is set neither in its env nor in ConfigMap ${CONFIG_MAP}`);
    else if (name === 'PUBLIC_URL' && !/^https?:\/\/[^\s/]+$/.test(value))
      problems.push(`${app}: PUBLIC_URL ${value} is not an origin (http(s)://host[:port], no path)`);
  }
  const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
  if (/migrat/i.test(command))
    problems.push(`${app}: runs migrations at boot (${command}); the migrations Job does that`);

  const service = find(objects, 'Service', app);
  if (!service) problems.push(`${app}: no Service named ${app}`);
  else {
    if (!labelsMatch(service.spec?.selector, pod.metadata?.labels))
      problems.push(`${app}: the Service selector does not match the pod labels`);
    for (const servicePort of service.spec?.ports ?? []) {
      if (resolvePort(container, servicePort.targetPort ?? servicePort.port) === undefined)
        problems.push(`${app}: Service port ${servicePort.name ?? servicePort.port} targets no container port`);
    }
  }
  return problems;
}

/** The "restricted" Pod Security Standard (the namespace enforces it) plus a read-only root filesystem. */
function podSecurityProblems(objects: Obj[]): string[] {
  const problems: string[] = [];
  for (const workload of objects.filter((o) => WORKLOAD_KINDS.has(o.kind))) {
    const name = `${workload.kind}/${workload.metadata?.name}`;
    const pod = podTemplate(workload);
    const podSecurity = pod?.spec?.securityContext ?? {};
    if (
      !labelsMatch(workload.spec?.selector?.matchLabels, pod?.metadata?.labels) &&
      workload.kind !== 'Job' &&
      workload.kind !== 'CronJob'
    ) {
      problems.push(`${name}: spec.selector does not match the pod template labels`);
    }
    if (pod?.spec?.hostNetwork || pod?.spec?.hostPID || pod?.spec?.hostIPC)
      problems.push(`${name}: uses host namespaces`);
    if ((pod?.spec?.volumes ?? []).some((v: Obj) => v.hostPath)) problems.push(`${name}: mounts a hostPath`);
    for (const container of allContainers(pod)) {
      const at = `${name} container ${container.name}`;
      const security = container.securityContext ?? {};
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
        problems.push(`${at}: runAsNonRoot is not true`);
      if ((security.runAsUser ?? podSecurity.runAsUser) === 0) problems.push(`${at}: runs as uid 0`);
      if (security.privileged) problems.push(`${at}: privileged`);
      if (security.allowPrivilegeEscalation !== false) problems.push(`${at}: allowPrivilegeEscalation is not false`);
      if (security.readOnlyRootFilesystem !== true) problems.push(`${at}: readOnlyRootFilesystem is not true`);
      if (!(security.capabilities?.drop ?? []).includes('ALL')) problems.push(`${at}: capabilities do not drop ALL`);
      if ((security.capabilities?.add ?? []).some((c: string) => c !== 'NET_BIND_SERVICE'))
        problems.push(`${at}: adds capabilities`);
      const seccomp = security.seccompProfile?.type ?? podSecurity.seccompProfile?.type;
      if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
        problems.push(`${at}: no RuntimeDefault seccomp profile`);
      if ((container.ports ?? []).some((p: Obj) => p.hostPort)) problems.push(`${at}: uses a hostPort`);
      const image = String(container.image ?? '');
      if (!/:[^/]+$/.test(image) || image.endsWith(':latest')) problems.push(`${at}: image ${image} has no pinned tag`);
    }
  }
  return problems;
}

/** Gateway scaling: at least 2 replicas, an autoscaling/v2 HPA on it, a PDB that still lets a node drain. */
function gatewayScalingProblems(objects: Obj[], { minReplicas = 2 } = {}): string[] {
  const problems: string[] = [];
  const deployment = find(objects, 'Deployment', 'gateway');
  const hpa = objects.find(
    (o) =>
      o.kind === 'HorizontalPodAutoscaler' &&
      o.spec?.scaleTargetRef?.kind === 'Deployment' &&
      o.spec?.scaleTargetRef?.name === 'gateway',
  );
  if (!hpa) return ['no HorizontalPodAutoscaler targets Deployment gateway'];
  if (hpa.apiVersion !== 'autoscaling/v2')
    problems.push(`the gateway HPA is ${hpa.apiVersion}, expected autoscaling/v2`);
  if ((hpa.spec.minReplicas ?? 1) < minReplicas)
    problems.push(`the gateway HPA minReplicas is ${hpa.spec.minReplicas}, expected >= ${minReplicas}`);
  if (hpa.spec.maxReplicas < (hpa.spec.minReplicas ?? 1))
    problems.push('the gateway HPA maxReplicas is below minReplicas');
  if ((deployment?.spec?.replicas ?? 1) < minReplicas)
    problems.push(`the gateway Deployment has ${deployment?.spec?.replicas} replicas, expected >= ${minReplicas}`);
  const pdb = objects.find(
    (o) =>
      o.kind === 'PodDisruptionBudget' &&
      labelsMatch(o.spec?.selector?.matchLabels, podTemplate(deployment ?? {})?.metadata?.labels),
  );
  if (!pdb) problems.push('no PodDisruptionBudget selects the gateway pods');
  else if (typeof pdb.spec.minAvailable === 'number' && pdb.spec.minAvailable >= (hpa.spec.minReplicas ?? 1)) {
    problems.push('the gateway PodDisruptionBudget minAvailable blocks every voluntary eviction');
  }
  return problems;
}

function infrastructureProblems(objects: Obj[]): string[] {
  const problems: string[] = [];
  // Migrations: a Job on the migrate image, never restarted in place.
  const jobs = objects.filter((o) => o.kind === 'Job');
  const migrate = jobs.find((job) =>
    allContainers(podTemplate(job)).some((c) => /(^|\/)copytrade\/migrate:|migrate/.test(String(c.image))),
  );
  if (!migrate) problems.push('no migrations Job running the copytrade/migrate image');
  else {
    const pod = podTemplate(migrate);
    if (!['Never', 'OnFailure'].includes(pod.spec?.restartPolicy))
      problems.push('the migrations Job restartPolicy must be Never or OnFailure');
    const container = pod.spec.containers[0];
    const command = [...(container.command ?? []), ...(container.args ?? [])].join(' ');
    if (command && !command.includes('deploy/migrate.mjs'))
      problems.push(`the migrations Job runs "${command}", expected node deploy/migrate.mjs`);
    if (!(container.env ?? []).some((e: Obj) => e.name === 'DATABASE_URL'))
      problems.push('the migrations Job has no DATABASE_URL');
    // Each service validates its whole configuration (production requirements included) before migrating.
    for (const name of MIGRATE_SECRETS) {
      const ref = (container.env ?? []).find((e: Obj) => e.name === name)?.valueFrom?.secretKeyRef;
      if (!ref || ref.name !== SECRET || ref.key !== name || ref.optional === true)
        problems.push(`the migrations Job does not read ${name} (required in production) from Secret ${SECRET}`);
    }
  }

  // NATS: StatefulSet with JetStream on a PVC, a headless governing Service exposing the client port.
  const nats = find(objects, 'StatefulSet', 'nats');
  if (!nats) problems.push('no StatefulSet nats');
  else {
    const claims = (nats.spec.volumeClaimTemplates ?? []).map((c: Obj) => c.metadata?.name);
    const container = podTemplate(nats).spec.containers[0];
    const dataMount = (container.volumeMounts ?? []).find((m: Obj) => claims.includes(m.name));
    if (!dataMount) problems.push('nats: no volumeClaimTemplate mounted (JetStream needs persistent file storage)');
    const service = find(objects, 'Service', nats.spec.serviceName);
    if (!service) problems.push(`nats: serviceName ${nats.spec.serviceName} is not a Service`);
    else {
      if (service.spec?.clusterIP !== 'None')
        problems.push('nats: the governing Service is not headless (clusterIP: None)');
      if (!(service.spec?.ports ?? []).some((p: Obj) => p.port === 4222))
        problems.push('nats: the Service does not expose 4222');
    }
    const configVolume = (podTemplate(nats).spec.volumes ?? []).find((v: Obj) => v.configMap);
    const conf = Object.values(find(objects, 'ConfigMap', configVolume?.configMap?.name)?.data ?? {}).join('\n');
    const storeDir = /store_dir:\s*"?([^"\s]+)"?/.exec(conf)?.[1];
    if (!/jetstream\s*\{/.test(conf)) problems.push('nats: the mounted configuration does not enable JetStream');
    else if (!storeDir || !dataMount || !storeDir.startsWith(dataMount.mountPath))
      problems.push(`nats: JetStream store_dir ${storeDir} is not on the PVC mount ${dataMount?.mountPath}`);
    if (!/^\s*http:\s*8222/m.test(conf)) problems.push('nats: monitoring (http: 8222) is off, the probes need it');
  }

  problems.push(...natsClusterProblems(objects));

  // PostgreSQL: StatefulSet with its data on a PVC, reachable as postgres:5432.
  const postgres = find(objects, 'StatefulSet', 'postgres');
  if (!postgres) problems.push('no StatefulSet postgres');
  else {
    const claims = (postgres.spec.volumeClaimTemplates ?? []).map((c: Obj) => c.metadata?.name);
    const container = podTemplate(postgres).spec.containers[0];
    if (
      !(container.volumeMounts ?? []).some(
        (m: Obj) => claims.includes(m.name) && m.mountPath.startsWith('/var/lib/postgresql/data'),
      )
    ) {
      problems.push('postgres: the data directory is not on a PVC');
    }
    const service = find(objects, 'Service', 'postgres');
    if (!service || !(service.spec?.ports ?? []).some((p: Obj) => p.port === 5432))
      problems.push('postgres: no Service postgres on port 5432');
    else if (!labelsMatch(service.spec.selector, podTemplate(postgres).metadata?.labels))
      problems.push('postgres: the Service selector does not match the pods');
  }

  // Shared configuration.
  const config = find(objects, 'ConfigMap', CONFIG_MAP);
  if (!config) problems.push(`no ConfigMap ${CONFIG_MAP}`);
  else {
    for (const key of Object.keys(config.data ?? {})) {
      if (SECRET_VARIABLES.includes(key) || /PASSWORD|SECRET|TOKEN|_KEY$/.test(key))
        problems.push(`ConfigMap ${CONFIG_MAP} holds ${key}, a secret`);
    }
    const natsUrl = /^nats:\/\/([^:/]+):(\d+)/.exec(config.data?.NATS_URL ?? '');
    if (!natsUrl || !find(objects, 'Service', natsUrl[1]))
      problems.push(`NATS_URL ${config.data?.NATS_URL} does not name an in-cluster Service`);
  }
  return problems;
}

const NATS_NODES = 3;

/** nats-server >= 2.10 (sync_interval, in-place replica changes); `nats:2.11-alpine` → [2, 11]. */
function natsImageAtLeast210(image: string | undefined): boolean {
  const [major, minor] = (/^nats:(\d+)\.(\d+)/.exec(image ?? '') ?? []).slice(1).map(Number);
  return major > 2 || (major === 2 && minor >= 10);
}

/** The JetStream settings that keep an acknowledged event: fsync before every ack. */
function jetStreamSyncProblems(conf: string, where: string): string[] {
  const jetstream = /jetstream\s*\{([^}]*)\}/.exec(conf)?.[1] ?? '';
  return /^\s*sync_interval:\s*"?always"?\s*$/m.test(jetstream)
    ? []
    : [`${where}: JetStream does not fsync before acknowledging (sync_interval: always)`];
}

/** NATS as a 3-node JetStream cluster whose events stream keeps 3 replicas. */
function natsClusterProblems(objects: Obj[]): string[] {
  const nats = find(objects, 'StatefulSet', 'nats');
  if (!nats) return [];
  const problems: string[] = [];
  if (nats.spec.replicas !== NATS_NODES) problems.push(`nats: ${nats.spec.replicas} replicas, expected ${NATS_NODES}`);
  // OrderedReady would wait for nats-0 to be healthy, which needs a JetStream quorum of 2 nodes: a deadlock.
  if (nats.spec.podManagementPolicy !== 'Parallel') problems.push('nats: podManagementPolicy is not Parallel');
  const container = podTemplate(nats).spec.containers[0];
  if (!natsImageAtLeast210(container.image)) problems.push(`nats: image ${container.image} is older than 2.10`);
  if (!(container.ports ?? []).some((p: Obj) => p.containerPort === 6222))
    problems.push('nats: the container does not expose the cluster port 6222');
  const service = find(objects, 'Service', nats.spec.serviceName);
  if (!service?.spec?.publishNotReadyAddresses)
    problems.push('nats: the governing Service does not publish not-ready pods (nodes cannot find each other)');
  if (!(service?.spec?.ports ?? []).some((p: Obj) => p.port === 6222))
    problems.push('nats: the governing Service does not expose the cluster port 6222');
  const configVolume = (podTemplate(nats).spec.volumes ?? []).find((v: Obj) => v.configMap);
  const conf = Object.values(find(objects, 'ConfigMap', configVolume?.configMap?.name)?.data ?? {}).join('\n');
  problems.push(...jetStreamSyncProblems(conf, 'nats'));
  const cluster = /cluster\s*\{([\s\S]*?)\n\s*\}/.exec(conf)?.[1] ?? '';
  if (!/^\s*port:\s*6222/m.test(cluster)) problems.push('nats: no cluster block listening on 6222');
  for (let node = 0; node < NATS_NODES; node += 1) {
    const route = `nats://nats-${node}.${nats.spec.serviceName}:6222`;
    if (!cluster.includes(route)) problems.push(`nats: the cluster routes do not include ${route}`);
  }
  const replicas = find(objects, 'ConfigMap', CONFIG_MAP)?.data?.JETSTREAM_REPLICAS;
  if (replicas !== String(NATS_NODES))
    problems.push(`${CONFIG_MAP}: JETSTREAM_REPLICAS is ${replicas}, expected ${NATS_NODES} (one copy per node)`);
  const routesAllowed = objects.some(
    (o) =>
      o.kind === 'NetworkPolicy' &&
      labelsMatch(o.spec?.podSelector?.matchLabels, podTemplate(nats).metadata?.labels) &&
      (o.spec?.ingress ?? []).some(
        (rule: Obj) =>
          (rule.ports ?? []).some((p: Obj) => p.port === 6222) &&
          (rule.from ?? []).some((peer: Obj) =>
            labelsMatch(peer.podSelector?.matchLabels, podTemplate(nats).metadata?.labels),
          ),
      ),
  );
  if (!routesAllowed) problems.push('nats: no NetworkPolicy lets the nodes reach each other on 6222');
  return problems;
}

function namespaceProblems(objects: Obj[], { rendered }: { rendered: boolean }): string[] {
  const problems: string[] = [];
  for (const o of objects) {
    if (CLUSTER_SCOPED.has(o.kind)) continue;
    const namespace = o.metadata?.namespace;
    if (rendered ? namespace !== NAMESPACE : namespace !== undefined && namespace !== NAMESPACE) {
      problems.push(`${o.kind}/${o.metadata?.name}: namespace ${namespace}, expected ${NAMESPACE}`);
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------------------
// Dockerfiles

interface Instruction {
  keyword: string;
  args: string;
}

/** Instructions of a Dockerfile: comments dropped, continuation lines joined, grouped by stage (one per FROM). */
function dockerStages(text: string): Instruction[][] {
  const instructions: Instruction[] = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#') || (line === '' && pending === '')) continue;
    pending += (pending ? ' ' : '') + line.replace(/\\$/, '').trim();
    if (line.endsWith('\\')) continue;
    const match = /^(\S+)\s*(.*)$/.exec(pending);
    if (match) instructions.push({ keyword: match[1].toUpperCase(), args: match[2] });
    pending = '';
  }
  const stages: Instruction[][] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([]);
    if (stages.length > 0) stages[stages.length - 1].push(instruction);
  }
  return stages;
}

/** Global ARG defaults (before the first FROM) substituted into FROM lines. */
function baseImages(text: string): string[] {
  const args: Record<string, string> = {};
  for (const match of text.matchAll(/^ARG\s+(\w+)=(\S+)/gm)) args[match[1]] ??= match[2];
  return [...text.matchAll(/^FROM\s+(?:--platform=\S+\s+)?(\S+)/gm)].map((m) =>
    m[1].replace(/\$\{?(\w+)\}?/g, (_, name: string) => args[name] ?? `$${name}`),
  );
}

function dockerfileProblems(file: string, { app, port, main }: { app: string; port?: number; main: string }): string[] {
  if (!existsSync(file)) return [`${rel(file)} does not exist`];
  const problems: string[] = [];
  const text = readFileSync(file, 'utf8');
  const stages = dockerStages(text);
  if (stages.length < 2) problems.push(`${rel(file)}: ${stages.length} FROM stage(s), expected a multi-stage build`);
  if (!baseImages(text).every((image) => /^node:20[.\d]*-bookworm-slim/.test(image) || /^[\w-]+$/.test(image))) {
    problems.push(`${rel(file)}: base images ${baseImages(text).join(', ')}, expected node:20-bookworm-slim`);
  }
  const all = stages.flat();
  const joined = (keyword: string, instructions: Instruction[]) =>
    instructions
      .filter((i) => i.keyword === keyword)
      .map((i) => i.args)
      .join('\n');
  const runs = joined('RUN', all);
  if (!/apt-get install[^\n]*\bpython3\b/.test(runs) || !/\bmake\b/.test(runs) || !/\bg\+\+/.test(runs))
    problems.push(`${rel(file)}: the build stage does not install python3 make g++ (argon2)`);
  // The install command may come from an ARG (NPM_INSTALL) whose default must be `npm ci`.
  if (!/\bnpm ci\b/.test(`${runs}\n${joined('ARG', all)}`))
    problems.push(`${rel(file)}: dependencies are not installed with npm ci`);
  // An exec-form instruction that is not valid JSON silently becomes a shell-form one.
  for (const instruction of all.filter((i) => ['CMD', 'ENTRYPOINT', 'HEALTHCHECK'].includes(i.keyword))) {
    const exec = instruction.args.replace(/^(--\S+\s+)*(CMD\s+)?/, '');
    if (exec.startsWith('[')) {
      try {
        JSON.parse(exec);
      } catch {
        problems.push(`${rel(file)}: ${instruction.keyword} ${exec} is not a valid JSON exec form`);
      }
    }
  }
  if (!/npm prune --omit=dev/.test(runs) && !/--omit=dev/.test(runs))
    problems.push(`${rel(file)}: runtime dependencies are not pruned (npm prune --omit=dev)`);
  if (!new RegExp(`nx run(-many)? [^\\n]*\\b${app}\\b`).test(runs))
    problems.push(`${rel(file)}: does not build ${app} with nx`);

  const runtime = stages[stages.length - 1] ?? [];
  const user = runtime
    .filter((i) => i.keyword === 'USER')
    .pop()
    ?.args.split(':')[0];
  if (!user || user === 'root' || user === '0')
    problems.push(`${rel(file)}: the runtime stage does not switch to a non-root USER`);
  if (!/\bNODE_ENV=production\b/.test(joined('ENV', runtime)))
    problems.push(`${rel(file)}: the runtime stage does not set NODE_ENV=production`);
  const cmd = joined('CMD', runtime);
  if (!cmd.includes(main)) problems.push(`${rel(file)}: CMD is ${cmd}, expected it to run ${main}`);
  const copies = joined('COPY', runtime);
  for (const dist of ['libs/contracts/dist', 'libs/nest/dist'])
    if (!copies.includes(dist)) problems.push(`${rel(file)}: the runtime stage does not copy ${dist}`);
  if (port !== undefined) {
    if (!new RegExp(`\\b${port}\\b`).test(joined('EXPOSE', runtime)))
      problems.push(`${rel(file)}: does not EXPOSE ${port}`);
    const healthcheck = joined('HEALTHCHECK', runtime);
    if (!healthcheck.includes('/health') || !healthcheck.includes(String(port)))
      problems.push(`${rel(file)}: the HEALTHCHECK does not hit /health on ${port}`);
    if (!copies.includes(`apps/${app}/dist`))
      problems.push(`${rel(file)}: the runtime stage does not copy apps/${app}/dist`);
  }
  return problems;
}

function findOnPath(binary: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, binary))
    .find((path) => existsSync(path));
}

// =================================================================================================================

describe('Kubernetes manifests (k8s/)', () => {
  const yamlFiles = yamlFilesUnder(K8S);
  const kustomizations = kustomizationDirs().map(readKustomization);
  const referenced = new Map<string, KustomizationInfo['references'][number]['as']>();
  for (const k of kustomizations) for (const ref of k.references) referenced.set(ref.path, ref.as);

  const baseKustomization = kustomizations.find((k) => k.dir === BASE);
  const baseResourceFiles = (baseKustomization?.references ?? [])
    .filter((r) => r.as === 'resource' && existsSync(r.path) && statSync(r.path).isFile())
    .map((r) => r.path);
  const baseObjects = baseResourceFiles.flatMap(loadDocuments);
  const baseSecretKeys = new Set<string>(
    baseObjects
      .filter((o) => o.kind === 'Secret' && o.metadata?.name === SECRET)
      .flatMap((o) => Object.keys({ ...o.stringData, ...o.data })),
  );

  it('has a base kustomization and at least one overlay on it', () => {
    expect(baseKustomization).toBeDefined();
    const overlays = kustomizations.filter((k) => k.dir.startsWith(join(K8S, 'overlays') + '/'));
    expect(overlays.map((k) => relative(K8S, k.dir))).toContain('overlays/dev');
    for (const overlay of overlays)
      expect(overlay.references.filter((r) => r.as === 'resource').map((r) => r.path)).toContain(BASE);
  });

  it('every YAML document parses', () => {
    for (const file of yamlFiles) expect(() => loadDocuments(file)).not.toThrow();
  });

  it('kustomizations reference only files that exist, and every manifest is referenced', () => {
    const problems: string[] = [];
    for (const k of kustomizations) {
      for (const ref of k.references) {
        if (/^[a-z]+:\/\//.test(ref.path) || ref.path.includes('github.com'))
          problems.push(`${rel(k.file)}: remote ${ref.as} ${ref.path} is not allowed`);
        else if (!existsSync(ref.path)) problems.push(`${rel(k.file)}: ${ref.as} ${rel(ref.path)} does not exist`);
        else if (statSync(ref.path).isDirectory() && !existsSync(join(ref.path, 'kustomization.yaml')))
          problems.push(`${rel(k.file)}: ${rel(ref.path)} is a directory without kustomization.yaml`);
      }
      if (k.body.namespace !== undefined && k.body.namespace !== NAMESPACE)
        problems.push(`${rel(k.file)}: namespace ${k.body.namespace}, expected ${NAMESPACE}`);
    }
    if (baseKustomization?.body.namespace !== NAMESPACE)
      problems.push(`k8s/base/kustomization.yaml must set namespace: ${NAMESPACE}`);
    for (const file of yamlFiles) {
      if (/kustomization\.ya?ml$/.test(file)) continue;
      if (!referenced.has(file))
        problems.push(`${rel(file)} is not referenced by any kustomization (it would never be applied)`);
    }
    expect(problems).toEqual([]);
  });

  it('every object validates against the Kubernetes schema, without unknown fields', () => {
    const problems: string[] = [];
    for (const file of yamlFiles) {
      if (/kustomization\.ya?ml$/.test(file)) continue;
      const use = referenced.get(file);
      if (use === 'json-patch') continue; // a list of JSON 6902 operations, not objects
      for (const [index, doc] of loadDocuments(file).entries()) {
        const where = `${rel(file)}#${index} ${doc.kind}/${doc.metadata?.name}`;
        for (const problem of schemaProblems(doc, { partial: use === 'patch' })) problems.push(`${where}: ${problem}`);
      }
    }
    for (const k of kustomizations) {
      for (const patch of k.inlinePatches) {
        for (const doc of parseYamlDocuments(patch, rel(k.file))) {
          if (Array.isArray(doc)) continue;
          for (const problem of schemaProblems(doc, { partial: true }))
            problems.push(`${rel(k.file)} inline patch ${doc.kind}/${doc.metadata?.name}: ${problem}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('the schema check catches broken objects', () => {
    const deployment = baseObjects.find((o) => o.kind === 'Deployment');
    expect(deployment).toBeDefined();
    const typo = structuredClone(deployment!);
    typo.spec.template.spec.containers[0].readinesProbe = typo.spec.template.spec.containers[0].readinessProbe;
    expect(schemaProblems(typo)).toEqual([expect.stringContaining('/readinesProbe: unknown field')]);
    const wrongType = structuredClone(deployment!);
    wrongType.spec.replicas = 'two';
    expect(schemaProblems(wrongType).join('\n')).toMatch(/replicas must be integer/);
    const missing = structuredClone(deployment!);
    delete missing.spec.template.spec.containers;
    expect(schemaProblems(missing).join('\n')).toMatch(/containers/);
    expect(schemaProblems(missing, { partial: true })).toEqual([]);
  });

  describe.each(APP_NAMES)('app %s', (app) => {
    it('has a Deployment and a Service with probes on the right paths and port, resources, non-root, config and secrets', () => {
      expect(appProblems(baseObjects, app, { secretKeys: baseSecretKeys })).toEqual([]);
    });

    it(`runs the copytrade/${app} image`, () => {
      const container = podTemplate(find(baseObjects, 'Deployment', app) ?? {})?.spec?.containers?.find(
        (c: Obj) => c.name === app,
      );
      expect(String(container?.image)).toMatch(new RegExp(`^copytrade/${app}:`));
    });
  });

  it('every pod meets the restricted Pod Security Standard with a read-only root filesystem and pinned images', () => {
    expect(podSecurityProblems(baseObjects)).toEqual([]);
    const namespace = find(baseObjects, 'Namespace', NAMESPACE);
    expect(namespace?.metadata?.labels?.['pod-security.kubernetes.io/enforce']).toBe('restricted');
  });

  it('the gateway has 2+ replicas, an autoscaling/v2 HPA and a PodDisruptionBudget', () => {
    expect(gatewayScalingProblems(baseObjects)).toEqual([]);
  });

  it('has the migrations Job, NATS with JetStream on a PVC, PostgreSQL on a PVC and the shared ConfigMap', () => {
    expect(infrastructureProblems(baseObjects)).toEqual([]);
    expect(readFileSync(join(BASE, 'postgres.yaml'), 'utf8')).toMatch(/managed database/i);
  });

  it('runs NATS as a 3-node JetStream cluster (>= 2.10, fsync before ack) with 3 replicas of the events stream', () => {
    const nats = find(baseObjects, 'StatefulSet', 'nats');
    expect(nats?.spec?.replicas).toBe(3);
    expect(natsClusterProblems(baseObjects)).toEqual([]);
    // The checks notice what they guard against.
    const nineNode = structuredClone(baseObjects);
    const single = find(nineNode, 'StatefulSet', 'nats')!;
    single.spec.replicas = 1;
    podTemplate(single).spec.containers[0].image = 'nats:2.9';
    expect(natsClusterProblems(nineNode)).toEqual(
      expect.arrayContaining(['nats: 1 replicas, expected 3', 'nats: image nats:2.9 is older than 2.10']),
    );
    expect(jetStreamSyncProblems('jetstream {\n  store_dir: "/data"\n}', 'nats')).toHaveLength(1);
  });

  it('keeps every namespaced object in the copytrade namespace', () => {
    expect(namespaceProblems(baseObjects, { rendered: false })).toEqual([]);
  });

  it('identity reads SMTP_URL and CODE_HASH_SECRET, brokerage SECRETS_ENCRYPTION_KEY (and optional SnapTrade keys), from the Secret', () => {
    const secretRefs = (app: string) =>
      Object.fromEntries(
        (
          podTemplate(find(baseObjects, 'Deployment', app) ?? {})?.spec?.containers?.find((c: Obj) => c.name === app)
            ?.env ?? []
        )
          .filter((e: Obj) => e.valueFrom?.secretKeyRef)
          .map((e: Obj) => [e.name, e.valueFrom.secretKeyRef]),
      );
    expect(secretRefs('identity')).toMatchObject({
      SMTP_URL: { name: SECRET, key: 'SMTP_URL' },
      CODE_HASH_SECRET: { name: SECRET, key: 'CODE_HASH_SECRET' },
    });
    expect(secretRefs('identity').SMTP_URL.optional).not.toBe(true);
    expect(secretRefs('identity').CODE_HASH_SECRET.optional).not.toBe(true);
    expect(secretRefs('brokerage')).toMatchObject({
      SECRETS_ENCRYPTION_KEY: { name: SECRET, key: 'SECRETS_ENCRYPTION_KEY' },
      SNAPTRADE_CLIENT_ID: { name: SECRET, key: 'SNAPTRADE_CLIENT_ID', optional: true },
      SNAPTRADE_CONSUMER_KEY: { name: SECRET, key: 'SNAPTRADE_CONSUMER_KEY', optional: true },
    });
    expect(secretRefs('brokerage').SECRETS_ENCRYPTION_KEY.optional).not.toBe(true);
    // Required keys are in the template as placeholders; the optional SnapTrade ones are absent (paper broker).
    expect([...baseSecretKeys]).toEqual(
      expect.arrayContaining(['SMTP_URL', 'CODE_HASH_SECRET', 'SECRETS_ENCRYPTION_KEY']),
    );
    expect([...baseSecretKeys]).not.toEqual(expect.arrayContaining(['SNAPTRADE_CLIENT_ID']));
  });

  it('the base ConfigMap holds production settings: a public https origin, real market hours, the mail sender and beta settings', () => {
    const data: Obj = find(baseObjects, 'ConfigMap', CONFIG_MAP)?.data ?? {};
    expect(data.NODE_ENV).toBe('production');
    expect(data.PUBLIC_URL).toMatch(/^https:\/\/[^\s/]+$/);
    expect(data.PAPER_MARKET_HOURS).toBe('real');
    expect(data.MAIL_FROM).toMatch(/<[^@\s>]+@[^@\s>]+>$|^[^@\s]+@[^@\s]+$/);
    for (const name of [
      'BETA_MAX_USERS',
      'BETA_CODE_TTL_MINUTES',
      'BETA_SIGNUP_WINDOW_MINUTES',
      'PORTFOLIO_SNAPSHOT_MINUTES',
    ])
      expect(data[name]).toMatch(/^\d+$/);
    expect(['true', 'false']).toContain(data.BETA_AUTO_APPROVE);
    expect(data.SMTP_URL).toBeUndefined();
  });

  it('secret generators replacing the Secret provide every key of the template, with valid values, and SMTP_URL reaches a Service', () => {
    const problems: string[] = [];
    for (const k of kustomizations) {
      for (const generator of (k.body.secretGenerator ?? []).filter((g: Obj) => g.name === SECRET)) {
        const values: Record<string, string> = {};
        for (const file of [...(generator.envs ?? []), ...(generator.env ? [generator.env] : [])]) {
          for (const line of readFileSync(resolve(k.dir, file), 'utf8').split('\n')) {
            const match = /^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line);
            if (match) values[match[1]] = match[2];
          }
        }
        for (const literal of generator.literals ?? [])
          values[String(literal).split('=')[0]] = String(literal).slice(String(literal).indexOf('=') + 1);
        const where = `${rel(k.file)} secretGenerator ${SECRET}`;
        if (generator.behavior === 'replace') {
          for (const key of baseSecretKeys)
            if (values[key] === undefined) problems.push(`${where}: no ${key} (the replaced Secret would lose it)`);
        }
        problems.push(...secretValueProblems(values, where));
        if (values.SMTP_URL && !/\./.test(smtpTarget(values.SMTP_URL).host)) {
          // An in-cluster host: a Service of the base or of this overlay must expose the port.
          const { host, port } = smtpTarget(values.SMTP_URL);
          const own = k.references
            .filter((r) => r.as === 'resource' && existsSync(r.path) && statSync(r.path).isFile())
            .flatMap((r) => loadDocuments(r.path));
          const service = find([...baseObjects, ...own], 'Service', host);
          if (!service || !(service.spec?.ports ?? []).some((p: Obj) => p.port === port))
            problems.push(`${where}: SMTP_URL targets ${host}:${port}, which is no Service port of this kustomization`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(kustomizations.some((k) => (k.body.secretGenerator ?? []).length > 0)).toBe(true);
  });

  it('holds only placeholder secrets', () => {
    const problems: string[] = [];
    for (const file of yamlFiles) {
      for (const doc of loadDocuments(file).filter((d) => d.kind === 'Secret')) {
        const where = `${rel(file)} Secret/${doc.metadata?.name}`;
        if (doc.data && Object.keys(doc.data).length > 0)
          problems.push(`${where}: uses data (base64); write placeholders in stringData`);
        for (const [key, value] of Object.entries(doc.stringData ?? {})) {
          if (!PLACEHOLDER.test(String(value)))
            problems.push(`${where}: ${key} is not a placeholder (must contain CHANGE_ME)`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(baseSecretKeys.size).toBeGreaterThan(0);
    expect(readFileSync(join(BASE, 'secret.template.yaml'), 'utf8')).toMatch(/never commit/i);
    // Secret generators (real values) only in the dev overlay, and only publicly known development values there.
    for (const k of kustomizations) {
      for (const ref of k.references.filter((r) => r.as === 'generator')) {
        if ((k.body.secretGenerator ?? []).length === 0) continue;
        expect(relative(K8S, k.dir)).toBe('overlays/dev');
        expect(readFileSync(ref.path, 'utf8')).toMatch(/DEV-ONLY/);
      }
    }
  });

  const kubectl = findOnPath('kubectl');
  (kubectl ? it : it.skip)(
    'every kustomization renders with kubectl kustomize, and the output passes the same checks',
    () => {
      for (const k of kustomizations) {
        // A Component (k8s/components/*) is rendered as part of the overlays that include it.
        if (k.body.kind === 'Component') continue;
        const output = execFileSync(kubectl!, ['kustomize', k.dir], {
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        const objects = parseYamlDocuments(output, `kubectl kustomize ${rel(k.dir)}`);
        // kustomize folds long base64 values over several lines; the API server ignores those newlines.
        for (const secret of objects.filter((o) => o.kind === 'Secret' && o.data)) {
          for (const key of Object.keys(secret.data)) secret.data[key] = String(secret.data[key]).replace(/\s+/g, '');
        }
        const secretKeys = new Set<string>(
          objects
            .filter((o) => o.kind === 'Secret' && o.metadata?.name === SECRET)
            .flatMap((o) => Object.keys({ ...o.stringData, ...o.data })),
        );
        // Generated (real, base64 `data`) values must pass the apps' validation; SMTP_URL must reach a rendered Service.
        const generated: string[] = [];
        for (const secret of objects.filter((o) => o.kind === 'Secret' && o.metadata?.name === SECRET && o.data)) {
          const values = Object.fromEntries(
            Object.entries(secret.data as Record<string, string>).map(([key, value]) => [
              key,
              Buffer.from(value, 'base64').toString('utf8'),
            ]),
          );
          generated.push(...secretValueProblems(values, `rendered Secret ${SECRET}`));
          if (
            values.SMTP_URL &&
            !values.SMTP_URL.includes('CHANGE_ME') &&
            !/\./.test(smtpTarget(values.SMTP_URL).host)
          ) {
            const { host, port } = smtpTarget(values.SMTP_URL);
            if (!(find(objects, 'Service', host)?.spec?.ports ?? []).some((p: Obj) => p.port === port))
              generated.push(`SMTP_URL targets ${host}:${port}, which is no rendered Service port`);
          }
        }
        const problems = [
          ...generated,
          ...objects.flatMap((o) => schemaProblems(o).map((p) => `${o.kind}/${o.metadata?.name}: ${p}`)),
          ...APP_NAMES.flatMap((app) => appProblems(objects, app, { secretKeys })),
          ...podSecurityProblems(objects),
          ...gatewayScalingProblems(objects, { minReplicas: k.dir === BASE ? 2 : 1 }),
          ...infrastructureProblems(objects),
          ...namespaceProblems(objects, { rendered: true }),
        ];
        expect({ kustomization: rel(k.dir), problems }).toEqual({ kustomization: rel(k.dir), problems: [] });
      }
    },
  );
});

// =================================================================================================================

describe('docker-compose.yml', () => {
  const compose = parse(readFileSync(join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as Obj;
  const services: Obj = compose.services ?? {};
  const environment = (name: string): Obj => services[name]?.environment ?? {};
  /** The value a `${VAR:-default}` expression takes when VAR is unset (what `docker compose up` gives without a .env). */
  const fallback = (value: unknown): string | undefined =>
    value === null || value === undefined
      ? undefined
      : String(value).replace(/\$\{[A-Za-z0-9_]+(?::?-([^}]*))?\}/g, (_, byDefault?: string) => byDefault ?? '');

  it('has every app, postgres, nats and migrate', () => {
    expect(Object.keys(services).sort()).toEqual(expect.arrayContaining([...APP_NAMES, 'postgres', 'nats', 'migrate']));
  });

  it('runs postgres 15 with a healthcheck and a volume', () => {
    const postgres = services.postgres;
    expect(postgres.image).toMatch(/^postgres:15/);
    expect(JSON.stringify(postgres.healthcheck?.test)).toContain('pg_isready');
    const volume = (postgres.volumes ?? [])
      .map(String)
      .find((v: string) => v.split(':')[1]?.startsWith('/var/lib/postgresql/data'));
    expect(volume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(volume!.split(':')[0]);
  });

  it('runs nats >= 2.10 with JetStream stored on a volume, fsync before every ack, and a healthcheck', () => {
    const nats = services.nats;
    expect(natsImageAtLeast210(nats.image)).toBe(true);
    expect(nats.healthcheck?.test).toBeDefined();
    const command: string[] = Array.isArray(nats.command) ? nats.command : String(nats.command ?? '').split(/\s+/);
    const volumes: string[] = (nats.volumes ?? []).map(String);
    let storeDir: string | undefined;
    if (command.includes('-js') || command.includes('--jetstream')) {
      storeDir = command[command.findIndex((c) => c === '-sd' || c === '--store_dir') + 1];
    } else {
      const configPath = command[command.findIndex((c) => c === '-c' || c === '--config') + 1];
      const mount = volumes.find((v) => v.split(':')[1] === configPath);
      expect(mount).toBeDefined();
      const conf = readFileSync(resolve(ROOT, mount!.split(':')[0]), 'utf8');
      expect(conf).toMatch(/jetstream\s*\{/);
      expect(jetStreamSyncProblems(conf, 'compose nats')).toEqual([]);
      storeDir = /store_dir:\s*"?([^"\s]+)"?/.exec(conf)?.[1];
    }
    expect(storeDir).toBeDefined();
    const dataVolume = volumes.find((v) => storeDir!.startsWith(v.split(':')[1] ?? '\0'));
    expect(dataVolume).toBeDefined();
    expect(Object.keys(compose.volumes ?? {})).toContain(dataVolume!.split(':')[0]);
  });

  it('runs the migrations once, after postgres is healthy, from the migrate image', () => {
    const migrate = services.migrate;
    expect(existsSync(join(ROOT, migrate.build?.dockerfile ?? ''))).toBe(true);
    expect(migrate.depends_on?.postgres?.condition).toBe('service_healthy');
    expect([undefined, 'no']).toContain(migrate.restart);
    expect(environment('migrate').DATABASE_URL).toMatch(/@postgres:5432\//);
  });

  describe.each(APP_NAMES)('app %s', (app) => {
    const service = services[app] ?? {};
    it('builds from its Dockerfile, starts after the migrations, has a healthcheck and the compose endpoints', () => {
      expect(service.build?.dockerfile).toBe(`deploy/${app}.Dockerfile`);
      expect(service.image).toMatch(new RegExp(`^copytrade/${app}:`));
      expect(service.depends_on?.migrate?.condition).toBe('service_completed_successfully');
      expect(service.depends_on?.nats?.condition).toBe('service_healthy');
      const healthcheck = JSON.stringify(service.healthcheck?.test ?? '');
      expect(healthcheck).toMatch(/\/(ready|health)\b/);
      expect(healthcheck).toContain(String(APPS[app]));
      expect(String(environment(app)[portVariable(app)])).toBe(String(APPS[app]));
      expect(environment(app).NATS_URL).toMatch(/^nats:\/\/nats:4222/);
      if (app !== 'gateway') expect(environment(app).DATABASE_URL).toMatch(/@postgres:5432\//);
      expect(service.command).toBeUndefined();
    });
  });

  it('publishes the gateway on port 3000', () => {
    expect(
      (services.gateway.ports ?? []).map(String).some((p: string) => /(^|:)3000$/.test(p) || /:3000$/.test(p)),
    ).toBe(true);
  });

  it('runs a pinned mail catcher (SMTP 1025, UI 8025 published), and identity sends its mail there by default', () => {
    const mailpit = services.mailpit;
    expect(mailpit).toBeDefined();
    expect(mailpit.image).toMatch(/^axllent\/mailpit:v?\d+\.\d+/);
    const targets = (mailpit.ports ?? []).map((p: unknown) =>
      typeof p === 'object' ? String((p as Obj).target) : String(p).split(':').pop(),
    );
    expect(targets).toContain('8025');
    expect(mailpit.healthcheck?.test).toBeDefined();
    const smtp = fallback(environment('identity').SMTP_URL);
    expect(smtp).toBe('smtp://mailpit:1025');
    const { host, port } = smtpTarget(smtp!);
    expect(services[host]?.image).toMatch(/mailpit/);
    expect(port).toBe(1025);
    expect(services.identity.depends_on?.[host]?.condition).toMatch(/^service_(healthy|started)$/);
  });

  it('gives identity, brokerage and the migrations what production requires', () => {
    for (const app of ['identity', 'brokerage']) {
      const env = environment(app);
      const missing = [...APP_SECRETS[app].required, ...(APP_SECRETS[app].optional ?? []), ...APP_SETTINGS[app]].filter(
        (name) => !(name in env),
      );
      expect({ app, missing }).toEqual({ app, missing: [] });
      expect(fallback(env.PUBLIC_URL)).toBe('http://localhost:3000');
    }
    // Each service validates its whole configuration before migrating.
    expect(MIGRATE_SECRETS.filter((name) => !(name in environment('migrate')))).toEqual([]);
    expect(environment('identity').NODE_ENV).toBe('production');
  });

  it('takes every secret from the environment or .env with no fallback: compose refuses to start without it', () => {
    const problems: string[] = [];
    for (const [name, service] of Object.entries(services)) {
      for (const [key, value] of Object.entries((service as Obj).environment ?? {})) {
        if (!SECRET_VARIABLES.includes(key) || value === null) continue;
        const text = String(value);
        const expressions = [...text.matchAll(/\$\{([A-Z_]+)([^}]*)\}/g)];
        if (expressions.length === 0) problems.push(`${name}: ${key} is a literal; read it from the environment`);
        for (const [expression, variable, operator] of expressions) {
          // SMTP_URL's default is the bundled mail catcher, which holds no credentials.
          const harmlessDefault = key === 'SMTP_URL' && /^:-smtp:\/\/[^@]*$/.test(operator!);
          const secretPart = variable === key || /PASSWORD|SECRET|KEY/.test(variable!);
          if (secretPart && !operator!.startsWith(':?') && !harmlessDefault)
            problems.push(`${name}: ${key} uses ${expression}; a secret must be \${${variable}:?message}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('holds none of the development secrets published in the repository (k8s dev overlay, code fallbacks)', () => {
    const published = [
      ...readFileSync(join(K8S, 'overlays', 'dev', 'secrets.dev.env'), 'utf8')
        .split('\n')
        .filter((line) => /^[A-Z_]*(PASSWORD|SECRET|KEY)=/.test(line))
        .map((line) => line.slice(line.indexOf('=') + 1)),
      'dev-only',
      'development-only',
    ];
    const values = Object.values(services).flatMap((service) => Object.values((service as Obj).environment ?? {}));
    const found = values.flatMap((value) => published.filter((secret) => String(value ?? '').includes(secret)));
    expect(found).toEqual([]);
  });

  it('publishes the gateway on 127.0.0.1 unless GATEWAY_BIND says otherwise', () => {
    expect((services.gateway.ports ?? []).map(String)).toEqual([
      '${GATEWAY_BIND:-127.0.0.1}:${GATEWAY_PORT:-3000}:3000',
    ]);
  });
});

// =================================================================================================================

describe('images (deploy/)', () => {
  it.each(APP_NAMES)('deploy/%s.Dockerfile is a multi-stage, non-root image of the app', (app) => {
    expect(
      dockerfileProblems(join(ROOT, 'deploy', `${app}.Dockerfile`), {
        app,
        port: APPS[app],
        main: `apps/${app}/dist/main.js`,
      }),
    ).toEqual([]);
  });

  it('the gateway image builds and ships the web app', () => {
    const text = readFileSync(join(ROOT, 'deploy', 'gateway.Dockerfile'), 'utf8');
    expect(text).toMatch(/nx run(-many)? [^\n]*\bweb\b/);
    expect(text).toMatch(/COPY --from=\S+ \S*apps\/web\/dist \S*apps\/web\/dist/);
  });

  it('deploy/migrate.Dockerfile ships every service and runs deploy/migrate.mjs', () => {
    const file = join(ROOT, 'deploy', 'migrate.Dockerfile');
    expect(dockerfileProblems(file, { app: 'identity', main: 'deploy/migrate.mjs' })).toEqual([]);
    const text = readFileSync(file, 'utf8');
    for (const app of SERVICE_NAMES) expect(text).toContain(`apps/${app}/dist`);
    const runner = readFileSync(join(ROOT, 'deploy', 'migrate.mjs'), 'utf8');
    for (const app of SERVICE_NAMES) expect(runner).toMatch(new RegExp(`MIGRATE_APPS \\|\\| '[^']*\\b${app}\\b`));
  });

  it('deploy/nats/nats-server.conf enables JetStream with a store dir and limits, and monitoring on 8222', () => {
    const conf = readFileSync(join(ROOT, 'deploy', 'nats', 'nats-server.conf'), 'utf8');
    expect(conf).toMatch(/jetstream\s*\{[^}]*store_dir:[^}]*\}/s);
    expect(conf).toMatch(/max_memory_store:/);
    expect(conf).toMatch(/max_file_store:/);
    expect(conf).toMatch(/^\s*http:\s*8222\s*$/m);
  });

  it('.dockerignore keeps installs, builds, local data and git out of the build context', () => {
    const entries = readFileSync(join(ROOT, '.dockerignore'), 'utf8')
      .split('\n')
      .map((line) =>
        line
          .trim()
          .replace(/^\*\*\//, '')
          .replace(/\/$/, ''),
      )
      .filter((line) => line && !line.startsWith('#'));
    expect(entries).toEqual(expect.arrayContaining(['node_modules', 'dist', '.data', '.git', 'test-results']));
  });
});
