import path from 'node:path';
import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import { antdFormWithoutHelpPopover, formHelpStandInFile } from '../../vite-antd-form-help.ts';
import FormHelpUnsupported from './form-help-unsupported.ts';

const antdComponents = path.join('node_modules', 'antd-mobile', 'es', 'components');

function resolve(plugin: Plugin, source: string, importer: string | undefined): unknown {
  const hook = plugin.resolveId as (source: string, importer: string | undefined) => unknown;
  return hook(source, importer);
}

describe('antd Form.Item without Popover', () => {
  const plugin = antdFormWithoutHelpPopover();

  it('hands Form.Item the stand-in for its Popover import', () => {
    const formItem = path.join('/repo', antdComponents, 'form', 'form-item.js');
    expect(resolve(plugin, '../popover', formItem)).toBe(formHelpStandInFile);
  });

  it('leaves every other import of Popover alone', () => {
    expect(
      resolve(plugin, '../popover', path.join('/repo', antdComponents, 'form', 'form.js')),
    ).toBeUndefined();
    expect(
      resolve(plugin, '../popover', path.join('/repo', antdComponents, 'popover', 'index.js')),
    ).toBeUndefined();
    expect(resolve(plugin, 'antd-mobile', '/repo/src/page.tsx')).toBeUndefined();
    expect(resolve(plugin, '../popover', undefined)).toBeUndefined();
  });

  it('fails loudly if a form ever renders `help`', () => {
    expect(() => FormHelpUnsupported()).toThrow(/help/);
  });
});
