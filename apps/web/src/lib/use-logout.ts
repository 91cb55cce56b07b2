import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { callRoute } from './api-client.ts';
import { messages } from './messages.ts';
import { modal } from './modal-store.ts';
import { showToast } from './toast.ts';
import { clearToken } from './token.ts';

/**
 * 退出登录 after a confirmation: the session ends on the server (a failure there still signs the
 * browser out), the member's cached data goes, and the player lands on `destination`.
 */
export function useLogout(destination: string) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return async () => {
    if (!(await modal.confirm({ content: messages.member.logoutConfirm }))) {
      return;
    }
    await callRoute('logout', undefined, { isSilent: true }).catch(() => undefined);
    clearToken();
    queryClient.removeQueries({ queryKey: ['member'] });
    queryClient.removeQueries({ queryKey: ['finance'] });
    showToast(messages.member.loggedOut);
    void navigate(destination, { replace: true });
  };
}
