import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../platform/services';
import { NATS_APPS, permissionsOf } from './app-permissions';
import { deployedNatsAuthorization, withK8sNatsAuthorization } from './nats-auth-config';

const read = (...path: string[]) => readFileSync(join(repoRoot, ...path), 'utf8');

describe('NATS authorization', () => {
  it('deploy/nats/auth.conf and k8s/base/nats.yaml hold the generated permissions (npm run nats:auth)', () => {
    expect(read('deploy', 'nats', 'auth.conf')).toBe(deployedNatsAuthorization());
    const manifest = read('k8s', 'base', 'nats.yaml');
    expect(withK8sNatsAuthorization(manifest)).toBe(manifest);
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
