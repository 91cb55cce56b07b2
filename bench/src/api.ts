import { clientVersion, headerNames, routes, signRequest } from '@site/contract';
import { type LoadResult, printTable, runLoad, startServerProcess } from './harness.ts';

const sliceCount = 4;
const sliceSeconds = 4;

/**
 * preInfo requests/s through the whole app (signature check, rate limiter, site snapshot,
 * envelope) next to a bare Fastify route returning static JSON, measured in the same run.
 */
export async function runApiBench(): Promise<void> {
  const bare = await startServerProcess('bare');
  const app = await startServerProcess('app');
  try {
    const timestamp = String(Date.now());
    const deviceUuid = 'bench-device-0001';
    const sign = await signRequest({ method: 'POST', basePath: '/site/api/v1', timestamp, deviceUuid });
    const headers = {
      'content-type': 'application/json',
      [headerNames.clientType]: 'web',
      [headerNames.version]: clientVersion,
      [headerNames.siteId]: '9001',
      [headerNames.deviceUuid]: deviceUuid,
      [headerNames.timestamp]: timestamp,
      [headerNames.sign]: sign,
    };
    const body = JSON.stringify({ platformType: 6 });
    const appLoad = {
      url: `http://127.0.0.1:${app.port}${routes.preInfo.path}`,
      method: 'POST' as const,
      headers,
      body,
    };
    const bareLoad = { url: `http://127.0.0.1:${bare.port}/bare`, method: 'POST' as const, headers, body };
    // Warm both servers (JIT, site snapshot) before measuring.
    await runLoad({ ...appLoad, duration: 2 });
    await runLoad({ ...bareLoad, duration: 2 });
    // Alternating slices: load from anything else on the machine falls on both alike.
    const bareSlices: LoadResult[] = [];
    const appSlices: LoadResult[] = [];
    for (let slice = 0; slice < sliceCount; slice += 1) {
      bareSlices.push(await runLoad({ ...bareLoad, duration: sliceSeconds }));
      appSlices.push(await runLoad({ ...appLoad, duration: sliceSeconds }));
    }
    const bareResult = combine(bareSlices);
    const appResult = combine(appSlices);
    printTable([
      { route: 'bare Fastify (baseline)', ...present(bareResult) },
      { route: 'POST preInfo', ...present(appResult) },
    ]);
    const ratio = appResult.requestsPerSecond / bareResult.requestsPerSecond;
    process.stdout.write(`\npreInfo / bare = ${ratio.toFixed(2)} (target at least 0.50)\n`);
  } finally {
    bare.child.kill();
    app.child.kill();
  }
}

function present(result: Awaited<ReturnType<typeof runLoad>>) {
  return {
    'req/s': Math.round(result.requestsPerSecond),
    'p50 ms': result.latencyP50Ms,
    'p99 ms': result.latencyP99Ms,
    'non-2xx': result.non2xx,
    errors: result.errors,
  };
}

/** Slices of equal length: mean rate, worst p99, summed failures. */
function combine(slices: LoadResult[]): LoadResult {
  const mean = (pick: (slice: LoadResult) => number) =>
    slices.reduce((sum, slice) => sum + pick(slice), 0) / slices.length;
  return {
    requestsPerSecond: mean((slice) => slice.requestsPerSecond),
    latencyP50Ms: Math.max(...slices.map((slice) => slice.latencyP50Ms)),
    latencyP99Ms: Math.max(...slices.map((slice) => slice.latencyP99Ms)),
    non2xx: slices.reduce((sum, slice) => sum + slice.non2xx, 0),
    errors: slices.reduce((sum, slice) => sum + slice.errors, 0),
  };
}
