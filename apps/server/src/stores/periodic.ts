/**
 * Runs `pass` every `intervalMs`, one at a time: a pass still under way skips the next tick. A
 * failed pass goes to `onError` and the next tick tries again. The timer keeps no process alive;
 * `stop` waits for the pass under way, so its owner stops between passes.
 */
export function runEvery(
  intervalMs: number,
  pass: () => Promise<unknown>,
  onError: (error: unknown) => void,
) {
  let running: Promise<unknown> | undefined;
  const timer = setInterval(() => {
    running ??= pass()
      .catch(onError)
      .finally(() => {
        running = undefined;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
