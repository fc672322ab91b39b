export * from './companies';
export * from './groups';
export * from './notifications';
export * from './permissions';
export * from './roles';
export * from './system';
export * from './tools';
export * from './users';
