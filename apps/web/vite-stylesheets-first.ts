import type { Plugin } from 'vite';

const stylesheetLink = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;
const firstScript = /[ \t]*<script type="module"/;

/**
 * Vite writes the entry's script and its modulepreload links into index.html before the
 * stylesheets. Over HTTP/1.1 a browser opens six connections to a host, so the stylesheets, which
 * hold the first paint, waited for a connection behind the scripts. Moved ahead of them, they are
 * fetched first, and the boot shell paints while the scripts still load.
 */
export function stylesheetsFirst(): Plugin {
  return {
    name: 'site:stylesheets-first',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const stylesheets = html.match(stylesheetLink);
        const withoutStylesheets = html.replace(stylesheetLink, '');
        const at = withoutStylesheets.search(firstScript);
        if (!stylesheets || at < 0) {
          return html;
        }
        return `${withoutStylesheets.slice(0, at)}${stylesheets.join('')}${withoutStylesheets.slice(at)}`;
      },
    },
  };
}
