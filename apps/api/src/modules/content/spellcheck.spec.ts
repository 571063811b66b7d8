import { spawnSync } from 'node:child_process';
import { workspacePath } from '../../lib/paths';

describe('Polish spell check of the catalogue', () => {
  it('finds no unknown word outside the reviewed allowlist (tools/spellcheck-content.mjs)', () => {
    const run = spawnSync(process.execPath, [workspacePath('tools', 'spellcheck-content.mjs')], {
      cwd: workspacePath(),
      encoding: 'utf8',
      timeout: 120_000,
    });
    // on failure the script's output lists each file with its unknown words
    expect({ status: run.status, output: run.stdout + run.stderr }).toEqual({ status: 0, output: expect.any(String) });
    expect(run.stdout).toMatch(/\d+ files checked, 0 with unknown words/);
  }, 150_000);
});
