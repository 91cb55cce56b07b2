import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import './zod-setup.ts';

describe('zod set-up', () => {
  it('turns off the eval probe, before any schema is built', async () => {
    const { z } = await import('zod');
    expect(z.config().jitless).toBe(true);
    const main = readFileSync(path.join(import.meta.dirname, '../main.tsx'), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './lib/zod-setup.ts';");
  });

  it('leaves zod itself to the pages that build schemas', () => {
    const setup = readFileSync(path.join(import.meta.dirname, 'zod-setup.ts'), 'utf8');
    expect(setup).not.toMatch(/from 'zod'/);
  });
});
