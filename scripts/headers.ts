/** Prints curl `-H` flags for a signed API call: `npm run -s headers -- METHOD PATH`. */
import { basePathOf, clientVersion, headerNames, signRequest, siteIdDefault } from '@site/contract';

const [method = 'GET', path = '/site/api/v1/configuration/preInfo'] = process.argv.slice(2);
const basePath = basePathOf(path);
if (!basePath) {
  process.stderr.write(`${path} is not under an API base path\n`);
  process.exit(2);
}
const deviceUuid = 'curl-device-0001';
const timestamp = String(Date.now());
const sign = await signRequest({ method, basePath, timestamp, deviceUuid });
const headers = {
  [headerNames.clientType]: 'web',
  [headerNames.version]: clientVersion,
  [headerNames.siteId]: String(siteIdDefault),
  [headerNames.deviceUuid]: deviceUuid,
  [headerNames.timestamp]: timestamp,
  [headerNames.sign]: sign,
};
process.stdout.write(
  `${Object.entries(headers)
    .map(([name, value]) => `-H ${name}:${value}`)
    .join(' ')}\n`,
);
