import { createContext, type ReactNode, useContext } from 'react';

/** A toast's colour: MUI's `AlertColor`. */
export type ToastSeverity = 'success' | 'info' | 'warning' | 'error';

export interface ToastOptions {
  /**
   * How long the toast stays, in ms: one of TOAST_DURATIONS_MS (@sim/shared). Default
   * TOAST_DURATIONS_MS.default, the spec's "alerts auto-clear after 5 s".
   */
  durationMs?: number;
  /**
   * Keeps the toast across the next navigation, for a message about the page the user is sent to ("User
   * saved" shown, then back to the list). A later navigation clears it like any other.
   */
  keepOnNavigate?: boolean;
}

export interface Toaster {
  /** Shows a toast in place of the current one (never two at once: no success next to an error). */
  show: (severity: ToastSeverity, message: ReactNode, options?: ToastOptions) => void;
  /** Takes the current toast away (a navigation does this by itself). */
  clear: () => void;
}

export const ToastContext = createContext<Toaster | null>(null);

/**
 * The app's one toast system (lib/toast/toast-provider.tsx, mounted by the MUI layout of every route but
 * /login). Throws outside the provider: a component test renders its component inside `ToastProvider`.
 */
export function useToast(): Toaster {
  const toaster = useContext(ToastContext);
  if (!toaster) throw new Error('useToast needs a ToastProvider above it (app/routes/mui-layout.tsx mounts one).');
  return toaster;
}
