import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../platform/services';
import { NATS_APPS, permissionsOf } from './app-permissions';
import { deployedNatsAuthorization, withK8sNatsAuthorization } from './nats-auth-config';

const read = (...path: string[]) => readFileSync(join(repoRoot, ...path), 'utf8');

/** The durable consumer names an app's source declares (`…_DURABLE = '<name>'` or `durableName: '<name>'`). */
function durablesDeclaredBy(app: string): string[] {
  const names: string[] = [];
  const sources = readdirSync(join(repoRoot, 'apps', app, 'src'), { recursive: true, encoding: 'utf8' });
  for (const file of sources.filter((path) => path.endsWith('.ts') && !path.endsWith('.spec.ts'))) {
    const text = read('apps', app, 'src', file);
    for (const match of text.matchAll(/(?:_DURABLE = |durableName: )'([a-z0-9-]+)'/g)) names.push(match[1]!);
  }
  return names;
}

describe('NATS authorization', () => {
  it('deploy/nats/auth.conf and k8s/base/nats.yaml hold the generated permissions (npm run nats:auth)', () => {
    expect(read('deploy', 'nats', 'auth.conf')).toBe(deployedNatsAuthorization());
    const manifest = read('k8s', 'base', 'nats.yaml');
    expect(withK8sNatsAuthorization(manifest)).toBe(manifest);
  });

  it('lets every durable consumer an app declares be created, read, pulled and acked by that app', () => {
    for (const app of NATS_APPS) {
      const allowed = permissionsOf(app).publish.allow;
      for (const durable of durablesDeclaredBy(app))
        expect({ app, durable, allowed: allowed.includes(`$JS.API.CONSUMER.INFO.EVENTS.${durable}`) }).toEqual({
          app,
          durable,
          allowed: true,
        });
    }
    expect(durablesDeclaredBy('traces')).toEqual(expect.arrayContaining(['traces-copy-counts']));
  });

  it('gives each service its own rpc, event and broadcast subjects only, and the gateway no service-only call', () => {
    for (const app of NATS_APPS.filter((name) => name !== 'gateway')) {
      const { publish, subscribe } = permissionsOf(app);
      expect(subscribe.allow).toContain(`rpc.${app}.>`);
      expect(subscribe.allow.filter((subject) => subject.startsWith('rpc.'))).toEqual([`rpc.${app}.>`]);
      expect(publish.allow.filter((subject) => subject.startsWith('events.'))).toEqual([`events.${app}.>`]);
    }
    const gateway = permissionsOf('gateway');
    expect(gateway.subscribe.allow.some((subject) => subject.startsWith('rpc.'))).toBe(false);
    expect(gateway.publish.allow.some((subject) => subject.startsWith('events.'))).toBe(false);
    expect(gateway.publish.deny).toEqual(expect.arrayContaining(['rpc.brokerage.orders.place-batch', 'rpc.*.admin.>']));
  });
});
