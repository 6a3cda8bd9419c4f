// The layer line as `npm run lint` enforces it: wrong-way imports are refused, right-way ones pass.
// Runs the repo's real ESLint config on code placed (virtually) in each folder, as a contributor would write it.

import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result.messages.filter((m) => m.ruleId === 'boundaries/dependencies').map((m) => m.message);
}

describe('layer lint', () => {
  it('refuses an import from the renderer into the platform', async () => {
    const errors = await layerErrors(
      'src/renderer/src/features/x/Probe.ts',
      "import { createPlatform } from '../../../../platform/index.ts';\nexport const p = createPlatform;\n",
    );
    expect(errors.join('\n')).toMatch(/renderer.*platform/);
  });

  it('refuses an import from the protocol into any other layer', async () => {
    const errors = await layerErrors(
      'src/protocol/probe.ts',
      "import { openDatabase } from '../store/database.ts';\nexport const o = openDatabase;\n",
    );
    expect(errors.join('\n')).toMatch(/protocol.*store/);
  });

  it('refuses a value import from the bridge into the platform but allows its types', async () => {
    const value = await layerErrors(
      'src/bridge/probe.ts',
      "import { createPlatform } from '../platform/index.ts';\nexport const p = createPlatform;\n",
    );
    expect(value).toHaveLength(1);
    const types = await layerErrors(
      'src/bridge/probe.ts',
      "import type { Platform } from '../platform/index.ts';\nexport type P = Platform;\n",
    );
    expect(types).toEqual([]);
  });

  it('lets the renderer import the shared contract', async () => {
    const errors = await layerErrors(
      'src/renderer/src/features/x/Probe.ts',
      "import type { Methods } from '../../../../shared/index.ts';\nexport type M = Methods;\n",
    );
    expect(errors).toEqual([]);
  });
});
