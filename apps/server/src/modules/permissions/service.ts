// The permissions module's face to other modules: they load a user's access and grant default permissions only through this file.
export { loadUserAccess, type UserAccess } from './access-repository';
export { grantDefaultPermissions, permissionIdsByKey } from './catalogue';
