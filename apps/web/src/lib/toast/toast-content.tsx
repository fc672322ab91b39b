import { Alert } from '@mui/material';
import { type CustomContentProps, SnackbarContent, useSnackbar } from 'notistack';
import { forwardRef } from 'react';
import type { ToastSeverity } from './toast-context';

const severityOf = (variant: CustomContentProps['variant']): ToastSeverity =>
  variant === 'default' ? 'info' : variant;

/** One toast: a filled MUI alert of the theme's colours with a close button (notistack's content slot). */
export const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent(
  { id, message, variant, style, className },
  ref,
) {
  const { closeSnackbar } = useSnackbar();
  return (
    <SnackbarContent ref={ref} style={style} className={className}>
      <Alert
        severity={severityOf(variant)}
        variant="filled"
        onClose={() => closeSnackbar(id)}
        sx={{
          width: '100%',
          minWidth: { sm: 320 },
          maxWidth: 600,
          boxShadow: 6,
          alignItems: 'center',
          // errors in dark red (the spec's "closable dark-red error alert")
          ...(variant === 'error' ? { bgcolor: 'error.dark' } : {}),
        }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
