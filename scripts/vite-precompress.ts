import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text formats worth a compressed copy; raster images and fonts are compressed in their own format. */
const compressibleExtensions = new Set(['.js', '.css', '.html', '.svg', '.webmanifest', '.json']);
/** Below this, headers and framing outweigh what compression saves. */
const compressBytesMin = 1024;

/** The files worth compressing under the build folder, leaving out Vite's own `.vite` folder. */
async function compressibleFilesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && compressibleExtensions.has(path.extname(entry.name)))
    .map((entry) => path.join(entry.parentPath, entry.name))
    .filter((file) => !path.relative(dir, file).startsWith(`.vite${path.sep}`));
  const sizes = await Promise.all(files.map(async (file) => (await stat(file)).size));
  return files.filter((_file, index) => (sizes[index] ?? 0) >= compressBytesMin);
}

/** Writes `x.br` and `x.gz` beside `x` when each is smaller than the original. */
async function precompressFile(file: string): Promise<void> {
  const content = await readFile(file);
  const [brotliContent, gzipContent] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    brotliContent.length < content.length ? writeFile(`${file}.br`, brotliContent) : undefined,
    gzipContent.length < content.length ? writeFile(`${file}.gz`, gzipContent) : undefined,
  ]);
}

/**
 * Brotli and gzip copies of the built text files (bundle and public dir alike), so the server
 * sends them compressed at no CPU cost per request (@fastify/static `preCompressed`).
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'site:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = await compressibleFilesUnder(outDir);
      await Promise.all(files.map(precompressFile));
    },
  };
}
