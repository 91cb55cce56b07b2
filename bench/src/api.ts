import { clientVersion, headerNames, routes, signRequest } from '@site/contract';
import { type LoadResult, printTable, runLoad, startServerProcess } from './harness.ts';

const sliceCount = 4;
const sliceSeconds = 4;

/**
 * preInfo requests/s through the whole app (signature check, rate limiter, site snapshot,
 * envelope) next to a bare Fastify route returning static JSON, measured in the same run; and
 * next to the floor (serve.ts): bare Fastify with only what preInfo cannot go without, which
 * bounds the ratio any preInfo could reach on this machine.
 */
export async function runApiBench(): Promise<void> {
  const bare = await startServerProcess('bare');
  const app = await startServerProcess('app');
  let floor: Awaited<ReturnType<typeof startServerProcess>> | undefined;
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
    const answer = await (await fetch(appLoad.url, { method: 'POST', headers, body })).text();
    floor = await startServerProcess('floor', [answer]);
    const floorLoad = { ...appLoad, url: `http://127.0.0.1:${floor.port}${routes.preInfo.path}` };
    const measured = (load: typeof appLoad) => ({ load, slices: [] as LoadResult[] });
    const bareRun = measured(bareLoad);
    const floorRun = measured(floorLoad);
    const appRun = measured(appLoad);
    const runs = [bareRun, floorRun, appRun];
    // Warm every server (JIT, site snapshot) before measuring.
    for (const { load } of runs) {
      await runLoad({ ...load, duration: 2 });
    }
    // Alternating slices: load from anything else on the machine falls on all alike.
    for (let slice = 0; slice < sliceCount; slice += 1) {
      for (const { load, slices } of runs) {
        slices.push(await runLoad({ ...load, duration: sliceSeconds }));
      }
    }
    const bareResult = combine(bareRun.slices);
    const floorResult = combine(floorRun.slices);
    const appResult = combine(appRun.slices);
    printTable([
      { route: 'bare Fastify (baseline)', ...present(bareResult) },
      { route: 'floor: bare + what preInfo needs', ...present(floorResult) },
      { route: 'POST preInfo', ...present(appResult) },
    ]);
    const ratio = (result: LoadResult, base: LoadResult) =>
      (result.requestsPerSecond / base.requestsPerSecond).toFixed(2);
    process.stdout.write(
      [
        '',
        `preInfo / bare = ${ratio(appResult, bareResult)} (target at least 0.50)`,
        `floor / bare = ${ratio(floorResult, bareResult)}: the most any preInfo could reach here (its answer, security headers, signature check, one log line)`,
        `preInfo / floor = ${ratio(appResult, floorResult)}`,
        '',
      ].join('\n'),
    );
  } finally {
    for (const server of [bare, app, floor]) {
      server?.child.kill();
    }
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
