import type { RouteBody, RouteResponse } from '@site/contract';
import { useMutation } from '@tanstack/react-query';
import { App } from 'antd';
import { type AdminRouteName, callRoute } from './api-client.ts';
import { errorText, isSessionExpired } from './api-error.ts';

/**
 * One action that changes something: the call, a success message, and the server's refusal
 * (already Chinese) shown as it says. A 10004 sends the console to login instead.
 */
export function useAction<N extends AdminRouteName>(
  name: N,
  options: {
    /** What the staff member is told; a function when the answer decides it. */
    successText: string | ((data: RouteResponse<N>) => string);
    onDone?: (data: RouteResponse<N>) => void;
    /** After the refusal is shown, e.g. to reload a table another staff member changed. */
    onRefused?: (error: unknown) => void;
  },
) {
  const { message } = App.useApp();
  return useMutation({
    mutationFn: (body: RouteBody<N>) => callRoute(name, body),
    onSuccess: (data) => {
      const text = typeof options.successText === 'string' ? options.successText : options.successText(data);
      void message.success(text);
      options.onDone?.(data);
    },
    onError: (error) => {
      if (!isSessionExpired(error)) {
        void message.error(errorText(error));
        options.onRefused?.(error);
      }
    },
  });
}
