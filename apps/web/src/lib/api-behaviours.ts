import { authErrorDebounceMs, debounce, ErrorCode, errorDedupeMs } from '@site/contract';
import { type ApiError, createDedupe, errorText } from './api-error.ts';
import { messages } from './messages.ts';
import { modal } from './modal-store.ts';
import { authErrorTarget, paths } from './paths.ts';
import { local, storageKeys } from './storage.ts';
import { clearToken } from './token.ts';

export interface ShellDeps {
  navigate(path: string): void;
  /** Current path with its query string. */
  currentPath(): string;
  isMobile(): boolean;
  /** Maintenance status from the latest site info, undefined before it is known. */
  maintainStatus(): 0 | 1 | undefined;
  refreshSiteInfo(): void;
  reload(): void;
  toast(text: string): void;
  isOnline(): boolean;
  now(): number;
}

/**
 * The one place where API failures become behaviour (spec sections 4 and 8): session end,
 * redirects, dialogs, or a toast with the mapped text, each de-duplicated.
 */
export function createApiFailureHandler(deps: ShellDeps): (error: ApiError) => void {
  const isFresh = createDedupe(errorDedupeMs, deps.now);
  let isKickedDialogOpen = false;
  const redirectAfterAuthError = debounce(
    () => deps.navigate(authErrorTarget(deps.currentPath())),
    authErrorDebounceMs,
  );

  const toast = (text: string) => {
    if (isFresh(`toast:${text}`)) {
      deps.toast(text);
    }
  };
  const toLogin = () => {
    clearToken();
    deps.navigate(paths.login);
  };
  const kickedElsewhere = (message: string) => {
    if (isKickedDialogOpen) {
      return;
    }
    isKickedDialogOpen = true;
    clearToken();
    void modal.alert({ content: message }).then(() => {
      isKickedDialogOpen = false;
      deps.navigate(paths.login);
    });
  };

  const business = (error: ApiError) => {
    const message = errorText(error, deps.isOnline());
    switch (error.code) {
      case ErrorCode.loggedInElsewhere:
        return kickedElsewhere(message);
      case ErrorCode.deviceBlocked:
        if (isFresh('device-blocked')) {
          void modal
            .alert({ title: messages.errorDialog.deviceBlockedTitle, content: message })
            .then(toLogin);
        }
        return;
      case ErrorCode.auth:
      case ErrorCode.accountBlocked:
      case ErrorCode.passwordChanged:
        clearToken();
        toast(message);
        return redirectAfterAuthError();
      case ErrorCode.ipBlocked:
      case ErrorCode.ipRestricted:
        return deps.isMobile() ? toast(message) : deps.navigate(paths.restrictionIp);
      case ErrorCode.accessCaveat:
        if ((deps.maintainStatus() ?? 1) !== 0 && local.get(storageKeys.accessCaveatSkip) === null) {
          return deps.navigate(paths.restrictionIp);
        }
        return toast(message);
      case ErrorCode.maintenance:
        deps.refreshSiteInfo();
        return toast(message);
      case ErrorCode.oldVersion:
        if (isFresh('old-version')) {
          void modal
            .alert({ content: message, confirmText: messages.errorDialog.oldVersionConfirm })
            .then(deps.reload);
        }
        return;
      default:
        return toast(message);
    }
  };

  return (error) => {
    if (error.kind === 'cancelled') {
      return;
    }
    if (error.kind === 'business') {
      return business(error);
    }
    toast(errorText(error, deps.isOnline()));
  };
}
