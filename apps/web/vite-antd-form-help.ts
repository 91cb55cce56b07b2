import path from 'node:path';
import type { Plugin } from 'vite';

/** What antd-mobile's Form.Item gets instead of its Popover (see `antdFormWithoutHelpPopover`). */
export const formHelpStandInFile = path.resolve(import.meta.dirname, 'src/lib/form-help-unsupported.ts');
const formItemFile = /[\\/]antd-mobile[\\/]es[\\/]components[\\/]form[\\/]form-item\.js$/;

/**
 * antd-mobile's Form.Item imports Popover, and with it the floating-ui positioning library (about
 * 10 KB compressed, a third of the login page's form code), only to show the `help` prop in a
 * bubble. No form of ours uses `help`, so the build hands Form.Item a stand-in that fails loudly
 * if one ever does; pages that import Popover themselves still get the real one.
 */
export function antdFormWithoutHelpPopover(): Plugin {
  return {
    name: 'site:antd-form-without-help-popover',
    enforce: 'pre',
    resolveId(source, importer) {
      return source === '../popover' && importer !== undefined && formItemFile.test(importer)
        ? formHelpStandInFile
        : undefined;
    },
  };
}
