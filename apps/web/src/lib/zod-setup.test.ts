import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import './zod-setup.ts';

describe('zod set-up', () => {
  it('turns off the eval probe, before any schema is built', () => {
    expect(z.config().jitless).toBe(true);
    const main = readFileSync(path.join(import.meta.dirname, '../main.tsx'), 'utf8');
    expect(main.match(/^import .*$/m)?.[0]).toBe("import './lib/zod-setup.ts';");
  });
});
