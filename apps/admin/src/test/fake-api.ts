import { vi } from 'vitest';

/** What a faked route answers: data (code 6000 when left out) or a refusal's code and message. */
export interface Answer {
  code?: number;
  message?: string;
  data?: unknown;
}

function envelope(answer: Answer) {
  return new Response(
    JSON.stringify({
      code: answer.code ?? 6000,
      message: answer.message ?? '成功',
      data: answer.data ?? null,
    }),
    { headers: { 'content-type': 'application/json' } },
  );
}

/**
 * Stubs fetch: each path answers with data (6000) or, for an `Answer` with a code, the refusal.
 * `bodiesOf` gives the bodies sent to a path, in order. Undo with `vi.unstubAllGlobals()`.
 */
export function serve(answers: Record<string, () => Answer | Promise<Answer>>) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const path = String(input).split('?')[0] ?? '';
    const answer = answers[path];
    return envelope(answer ? await answer() : {});
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    bodiesOf: (path: string) =>
      fetchMock.mock.calls
        .filter(([input]) => String(input).split('?')[0] === path)
        .map(([, init]) => (typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined)),
  };
}
