export { type Toaster, type ToastOptions, type ToastSeverity, useToast } from './toast-context';
export { ToastProvider } from './toast-provider';
