const secretParams = ['token', 'appdown-token', 'sign'];

/** Query values that carry credentials never reach a log line. */
export function redactUrl(url: string): string {
  const queryStart = url.indexOf('?');
  if (queryStart < 0) {
    return url;
  }
  const params = new URLSearchParams(url.slice(queryStart + 1));
  for (const name of secretParams) {
    if (params.has(name)) {
      params.set(name, '[redacted]');
    }
  }
  return `${url.slice(0, queryStart)}?${params.toString()}`;
}
