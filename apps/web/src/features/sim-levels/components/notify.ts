import type { AlertColor } from '@mui/material';

/** Shows a message in the step's timed alert. */
export type Notify = (severity: AlertColor, message: string) => void;
