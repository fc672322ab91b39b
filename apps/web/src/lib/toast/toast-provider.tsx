import { TOAST_DURATIONS_MS } from '@sim/shared';
import { type SnackbarKey, SnackbarProvider, useSnackbar } from 'notistack';
import { type ReactNode, useCallback, useEffect, useMemo, useRef } from 'react';
import { type Location, useLocation, useNavigationType } from 'react-router';
import { ToastContent } from './toast-content';
import { ToastContext, type Toaster, type ToastOptions } from './toast-context';

const CONTENT = {
  default: ToastContent,
  success: ToastContent,
  info: ToastContent,
  warning: ToastContent,
  error: ToastContent,
};

/**
 * The app's one toast system, on notistack: one toast at a time (a new one replaces the current one), each
 * for its duration (TOAST_DURATIONS_MS), closable, and cleared by a navigation. Mounted by the MUI layout, so
 * under the router (it watches the location); /login has its own plain alert and loads none of this.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={TOAST_DURATIONS_MS.default}
      anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      Components={CONTENT}
    >
      <Toasts>{children}</Toasts>
    </SnackbarProvider>
  );
}

/**
 * A navigation: another page, or a new history entry on the same page (a tab, the trash view, a filter). A
 * page fixing its own URL (REPLACE on the same path: a search typed, a page past the end) is not one.
 */
function isNavigation(from: Location, to: Location, type: 'POP' | 'PUSH' | 'REPLACE'): boolean {
  if (from.key === to.key) return false;
  return from.pathname !== to.pathname || type !== 'REPLACE';
}

function Toasts({ children }: { children: ReactNode }) {
  const { enqueueSnackbar, closeSnackbar } = useSnackbar();
  // the toasts shown and not yet closed (the one on screen and any waiting for the previous one to leave)
  const open = useRef(new Map<SnackbarKey, { keepOnNavigate: boolean }>());

  const clear = useCallback(() => {
    for (const key of [...open.current.keys()]) closeSnackbar(key);
    open.current.clear();
  }, [closeSnackbar]);

  const show = useCallback(
    (severity: Parameters<Toaster['show']>[0], message: ReactNode, options: ToastOptions = {}) => {
      clear();
      const key = enqueueSnackbar(message, {
        variant: severity,
        autoHideDuration: options.durationMs ?? TOAST_DURATIONS_MS.default,
        onClose: (_event, _reason, closed) => {
          if (closed !== undefined) open.current.delete(closed);
        },
      });
      open.current.set(key, { keepOnNavigate: options.keepOnNavigate ?? false });
    },
    [clear, enqueueSnackbar],
  );

  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef(location);
  useEffect(() => {
    const from = previous.current;
    previous.current = location;
    if (!isNavigation(from, location, navigationType)) return;
    for (const [key, toast] of [...open.current]) {
      if (toast.keepOnNavigate) toast.keepOnNavigate = false;
      else {
        closeSnackbar(key);
        open.current.delete(key);
      }
    }
  }, [location, navigationType, closeSnackbar]);

  const toaster = useMemo<Toaster>(() => ({ show, clear }), [show, clear]);
  return <ToastContext.Provider value={toaster}>{children}</ToastContext.Provider>;
}
