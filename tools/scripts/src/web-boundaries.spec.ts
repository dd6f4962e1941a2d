import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The web app's layer rule (`web/boundaries` in eslint.config.mjs) really refuses what it is there to refuse: lint
 * passing on the app proves nothing if the rule never fires. Each case lints a made-up file through the repository's
 * own ESLint config (stdin, so nothing is written to the tree).
 */
const root = join(__dirname, '..', '..', '..');

function boundaryMessages(filePath: string, source: string): string[] {
  // The report goes to a file: ESLint's Nx plugin may print warnings on stdout (no project graph cached yet).
  const dir = mkdtempSync(join(tmpdir(), 'web-boundaries-'));
  try {
    const report = join(dir, 'report.json');
    const eslint = join(root, 'node_modules', 'eslint', 'bin', 'eslint.js');
    spawnSync(process.execPath, [eslint, '--format', 'json', '-o', report, '--stdin', '--stdin-filename', filePath], {
      cwd: root,
      input: source,
      encoding: 'utf8',
      env: { ...process.env, NX_DAEMON: 'false' },
    });
    const [result] = JSON.parse(readFileSync(report, 'utf8')) as Array<{
      messages: Array<{ ruleId: string | null; message: string }>;
    }>;
    return result.messages.filter((message) => message.ruleId === 'web/boundaries').map((message) => message.message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('web feature boundaries (lint rule)', () => {
  jest.setTimeout(120_000);

  it('refuses a feature importing another feature, by alias or by relative path, and allows its own files', () => {
    const messages = boundaryMessages(
      'apps/web/src/features/discovery/components/probe.ts',
      [
        "import { a } from '@/features/trace-page/components/trace-page';",
        "import { b } from '../../my-copies/api/get-my-copies';",
        "import { c } from '../utils/format';",
        "import { d } from '@/lib/format/trade';",
        'export const all = [a, b, c, d];',
        '',
      ].join('\n'),
    );
    expect(messages).toEqual([
      "Feature 'discovery' imports feature 'trace-page': move what they share to lib/ or compose them in app/.",
      "Feature 'discovery' imports feature 'my-copies': move what they share to lib/ or compose them in app/.",
    ]);
  });

  it('refuses a shared layer importing a feature, and lets the app compose features', () => {
    const shared = boundaryMessages(
      'apps/web/src/lib/probe.ts',
      "import { a } from '@/features/discovery/components/discovery';\nexport const x = a;\n",
    );
    expect(shared).toEqual(["Shared 'lib/' imports feature 'discovery': let the feature register with it instead."]);
    const app = boundaryMessages(
      'apps/web/src/app/routes/app/probe.ts',
      "import { a } from '@/features/discovery/components/discovery';\nexport const x = a;\n",
    );
    expect(app).toEqual([]);
  });
});
