// Browser tests drive Debian's Chromium (a test tool's own browser download cannot work on
// these machines). Install it, with a CJK font so Chinese renders, when it is missing.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = '/usr/bin/chromium';
const fontPath = '/usr/share/fonts/truetype/wqy/wqy-microhei.ttc';

if (!existsSync(chromiumPath) || !existsSync(fontPath)) {
  process.stdout.write('Installing Chromium and a CJK font with apt-get…\n');
  const run = (args) =>
    spawnSync('apt-get', args, {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  const update = run(['update']);
  const install =
    update.status === 0
      ? run(['install', '-y', '--no-install-recommends', 'chromium', 'fonts-wqy-microhei'])
      : update;
  if (install.status !== 0) {
    process.stderr.write(
      'Could not install Chromium; browser tests need it (run as root or install chromium by hand).\n',
    );
    process.exit(1);
  }
}
