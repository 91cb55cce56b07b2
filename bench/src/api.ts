import { clientVersion, headerNames, routes, signRequest } from '@site/contract';
import { printTable, runLoad, startServerProcess } from './harness.ts';

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
    // Warm both servers (JIT, site snapshot) before measuring.
    await runLoad({
      url: `http://127.0.0.1:${app.port}${routes.preInfo.path}`,
      method: 'POST',
      headers,
      body,
      duration: 2,
    });
    await runLoad({ url: `http://127.0.0.1:${bare.port}/bare`, method: 'POST', headers, body, duration: 2 });
    const bareResult = await runLoad({
      url: `http://127.0.0.1:${bare.port}/bare`,
      method: 'POST',
      headers,
      body,
    });
    const appResult = await runLoad({
      url: `http://127.0.0.1:${app.port}${routes.preInfo.path}`,
      method: 'POST',
      headers,
      body,
    });
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
