export * from './admin-feedback';
export * from './task-labels';
export * from './toast-durations';
