const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** `2026/11/22 12:00:00` in Asia/Shanghai time. */
export function formatShanghaiTime(iso: string): string {
  return shanghaiTime.format(new Date(iso));
}
