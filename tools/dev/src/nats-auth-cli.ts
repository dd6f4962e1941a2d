import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateActorSigningKeys } from '@copytrade/nest';
import { NATS_APPS } from './nats-auth/app-permissions';
import {
  deployedNatsAuthorization,
  natsPasswordVariable,
  randomNatsPasswords,
  withK8sNatsAuthorization,
} from './nats-auth/nats-auth-config';
import { repoRoot } from './platform/services';

/**
 * `npm run nats:auth`: writes deploy/nats/auth.conf (each app's NATS user and permissions, passwords read from the
 * environment) and the same text into k8s/base/nats.yaml, after a change to tools/dev/src/nats-auth/app-permissions.ts.
 * `npm run nats:auth -- env`: prints fresh secrets for an `.env` or a Kubernetes Secret (docs/security.md).
 */
function main(command = 'write') {
  if (command === 'env') {
    const passwords = randomNatsPasswords();
    const { privateKey, publicKey } = generateActorSigningKeys();
    for (const app of NATS_APPS) console.log(`${natsPasswordVariable(app)}=${passwords[app]}`);
    console.log(`ACTOR_SIGNING_PRIVATE_KEY=${privateKey}`);
    console.log(`ACTOR_SIGNING_PUBLIC_KEY=${publicKey}`);
    return;
  }
  const file = join(repoRoot, 'deploy', 'nats', 'auth.conf');
  writeFileSync(file, deployedNatsAuthorization());
  const manifest = join(repoRoot, 'k8s', 'base', 'nats.yaml');
  writeFileSync(manifest, withK8sNatsAuthorization(readFileSync(manifest, 'utf8')));
  console.log(`Wrote ${file} and the auth.conf of ${manifest}`);
}

main(process.argv[2]);
