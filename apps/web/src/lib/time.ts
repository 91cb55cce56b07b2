let shanghaiTime: Intl.DateTimeFormat | undefined;

/**
 * `2026/11/22 12:00:00` in Asia/Shanghai time. The formatter is made on first use, not when the
 * module loads: making one with a time zone takes tens of ms on a slow phone, and the home page
 * loads this module with its venue tiles, which format a time only for a venue under maintenance.
 */
export function formatShanghaiTime(iso: string): string {
  shanghaiTime ??= new Intl.DateTimeFormat('zh-CN', {
    timeZone: 'Asia/Shanghai',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
  return shanghaiTime.format(new Date(iso));
}
