/**
 * Stands in for antd-mobile's Popover inside Form.Item, which renders it only for the `help`
 * prop (vite-antd-form-help.ts leaves the real one out of the build). Rendering it is a mistake
 * the page must not ship with: show the help text in the label or below the field instead.
 */
export default function FormHelpUnsupported(): never {
  throw new Error(
    'Form.Item `help` is not available in this build: antd Popover is left out (vite-antd-form-help.ts)',
  );
}
