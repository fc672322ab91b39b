/**
 * Texts, limits and time-outs taken from the product specification (../shared/spec).
 * Components and routes import them from here; nothing of this is retyped elsewhere.
 */
export const PRODUCT_NAME = 'SimCentre';
export const COPYRIGHT = `© ${PRODUCT_NAME}. All rights reserved.`;

export const ROLE_NAMES = {
  admin: 'admin',
  accountOwner: 'account owner',
  manager: 'manager',
  supervisor: 'supervisor',
  agent: 'agent',
} as const;
export const DEFAULT_ROLE_NAMES = Object.values(ROLE_NAMES);

export const PAGE_SIZE = 10;
export const BADGE_MAX = 999;
export const CLASS_NOTES_POPOVER_COUNT = 4;
export const ALERT_TIMEOUT_MS = 5000;
export const REGISTRATION_DIALOG_CLOSE_MS = 5000;
export const PHONE_MASK = '+1 (000) 000-0000';
export const PHONE_PATTERN = /^\+1 \(\d{3}\) \d{3}-\d{4}$/;
export const PASSWORD_MIN_LENGTH = 8;
export const TEXT_MAX = 255;

/** Time-of-day greeting thresholds (hour of day, exclusive upper bound). */
export const GREETINGS = [
  { before: 12, text: 'Morning' },
  { before: 16, text: 'Afternoon' },
  { before: 20, text: 'Evening' },
  { before: 23, text: 'Night' },
] as const;

/** Answers to a request the server cannot read (not spec texts: the spec does not cover malformed input). */
export const INPUT_MESSAGES = {
  badText: (field: string | undefined) =>
    field
      ? `The field ${field} contains a character that is not allowed (a NUL character or an unpaired surrogate).`
      : 'The request contains a character that is not allowed (a NUL character or an unpaired surrogate).',
  badKey: (field: string) => `The field name ${field} contains a character that is not allowed.`,
  badQuery: 'The query string is not valid: it has a malformed %-escape or bytes that are not UTF-8.',
  multipartMalformed:
    'The upload is not a well-formed multipart form (missing or wrong boundary, or a body cut short).',
  tooManyParts: 'The upload has too many parts.',
  databaseRefused: 'A value of the request is not valid.',
} as const;

export const MESSAGES = {
  // Sign-in (learner-and-review.md sections 5 and 8)
  loginMissingFields: 'Please enter your email and password',
  loginInvalidEmail: 'Please enter valid email address!!',
  loginBadCredentials: 'Invalid email or password.',
  loginRateLimited: 'Too many sign-in attempts. Please wait a few minutes and try again.',
  passwordResetRateLimited: 'Too many password reset attempts. Please wait a few minutes and try again.',
  accountInactive: 'This account is not active. Please contact your administrator.',
  cannotDeactivateSelf: 'You cannot make your own account inactive; ask another administrator.',
  addressTooLong: 'The address of this request is too long.',
  addressInvalid: 'The address of this request is not valid.',
  forgotEmailRequired: 'Please enter your email',
  forgotSent: 'If an account exists for this email, a link to reset the password has been sent.',
  forgotUnavailable: 'This service is temporally unavailable',
  resetMissing: 'Please enter the Credentials',
  resetMismatch: "Password doesn't match",
  resetSuccess: 'Password has been reset successfully',
  resetBadToken: 'This password reset link is invalid or has expired.',
  registrationSuccess: 'Success!! Account is created. Please login with the credentials created.',
  registrationNoEmail: 'No Email will be sent, That service is temporally unavailable',
  registrationBadInvitation: 'This invitation link is invalid or has expired.',
  duplicateEmail: 'Duplicate Email !',
  invalidEmail: 'Invalid Email Address',
  passwordMismatch: 'Password mismatch !',
  passwordTooShort: `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
  requiredField: 'This field is required',
  // Shell and guards
  permissionDenied:
    "You don't seem to have the required permissions to access this page. Please contact your system administrator.",
  notFoundPage: '404! Page Not found',
  comingSoon: 'This screen is not built yet. It is coming in a later release.',
  // Errors
  unauthorized: 'Please sign in to continue.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  forbidden: "You don't have permission to do this.",
  notFound: 'The item you selected could not be found.',
  internal: 'Something went wrong on our side. Please try again.',
  invalidInput: 'The request is not valid.',
  linkExpired: 'This link has expired. Ask for a new one.',
  linkInvalid: 'This link is not valid.',
  loginAsAgentOnlyAgents: 'You can only log in to the account of an agent of your company.',
} as const;

/** Labels of the web app's controls and fields (spec texts where the spec names them). */
export const LABELS = {
  signIn: 'SIGN IN',
  signOut: 'SIGN OUT',
  email: 'Email',
  password: 'Password',
  forgotPassword: 'Forgot password?',
  forgotPasswordTitle: 'Forgot Password',
  send: 'SEND',
  cancel: 'CANCEL',
  close: 'CLOSE',
  retry: 'RETRY',
  createAccount: 'Create account',
  createAccountTitle: 'Create Account',
  createAccountSubmit: 'CREATE ACCOUNT',
  firstName: 'First Name',
  lastName: 'Last Name',
  companyName: 'Company Name',
  phoneNumber: 'Phone Number',
  showPassword: 'show password',
  hidePassword: 'hide password',
  contactUs: 'CONTACT US',
  aboutUs: 'ABOUT US',
  help: 'HELP',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  savePassword: 'SAVE PASSWORD',
  backToSignIn: 'Go Back To Sign in Page',
  backToDashboard: 'Back to Dashboard',
  mainMenu: 'Main menu',
  greetingPrefix: 'Good',
  role: 'Role',
  company: 'Company',
  loading: 'Loading',
} as const;

/** Texts of the web app that the spec does not give (honest placeholders and client-side failures). */
export const UI_MESSAGES = {
  networkError: 'The server could not be reached. Please check your connection and try again.',
  assignmentsComingSoon: 'The assignments dashboard is coming in a later release.',
  forgotPasswordPrompt: 'Enter the email address of your account. We will send you a link to reset your password.',
  resetLinkIncomplete: 'This password reset link is incomplete. Please open the link from the email again.',
} as const;

/** aria-label of the notifications bell in the top bar. */
export const notificationsLabel = (count: number): string => `notifications: ${count} new`;

/**
 * Administration area, part B: groups, roles, permission matrix, notifications
 * (administration-and-support.md sections 2 to 9; texts the spec gives are word for word).
 */
export const ADMIN_TEXTS = {
  // Admin screen tabs (values 0, 2, 3, 4, 5) and titles
  tabEmployeeList: 'EMPLOYEE LIST',
  tabGroups: 'GROUPS',
  tabPermissions: 'PERMISSIONS',
  tabRoles: 'ROLES',
  tabNotifications: 'NOTIFICATIONS',
  adminTabsLabel: 'Administration sections',
  manageGroups: 'Manage Groups',
  managePermissions: 'Manage Permissions',
  manageRoles: 'Manage Roles',
  manageNotifications: 'Manage Notifications',
  // Lists
  search: 'Search',
  searchButton: 'SEARCH',
  rowsPerPage: 'Rows per page',
  // Groups
  addNewGroup: '+ ADD NEW GROUP',
  createGroup: 'Create New Group',
  updateGroup: 'Update Group',
  groupName: 'Name',
  groupDescription: 'Description',
  groupCreated: 'Created',
  groupUpdated: 'Last updated',
  groupOwner: 'Group owner',
  groupMemberCount: 'No. of members',
  groupCreatedBy: 'Created by',
  edit: 'Edit',
  groupMembers: 'Members',
  save: 'SAVE',
  delete: 'DELETE',
  deleteGroupTitle: 'Delete Group',
  deleteGroupConfirm: 'Are you sure you want to delete this group',
  noGroups: 'No Groups added in your list yet!',
  noMembersFound: 'No members found',
  noPermissionDeleteGroups: "You don't have permission to delete groups",
  groupNameRequired: 'Please enter the group name.',
  groupOwnerRequired: 'Please choose the group owner.',
  groupNameTaken: 'A group with this name already exists.',
  groupSaved: 'Group saved successfully.',
  groupDeleted: 'Group deleted successfully.',
  memberAdded: 'Member added to the group.',
  memberRemoved: 'Member removed from the group.',
  // Roles
  company: 'Company',
  roleColumn: 'ROLE',
  enableColumn: 'ENABLE',
  actionColumn: 'ACTION',
  addRole: 'Add Role',
  editRole: 'Edit Role',
  duplicateRole: 'Duplicate Role',
  roleName: 'Role Name',
  copySuffix: ' (Copy)',
  noRoles: 'No Roles added in your list yet!',
  roleNameRequired: 'Please enter the role name.',
  roleNameTaken: 'A role with this name already exists in this company.',
  roleSaved: 'Role saved successfully.',
  roleDeleted: 'Role deleted successfully.',
  deleteRoleTitle: 'Delete Role',
  deleteRoleConfirm: 'Are you sure you want to delete this role',
  roleInUse: (users: number) =>
    `This role cannot be deleted while ${users} ${users === 1 ? 'user holds' : 'users hold'} it as their role or as a current temporary role. Give them another role first.`,
  ownRoleLocked: 'You cannot disable or delete your own role.',
  noPermissionUpdateRole: "You don't have permission to update the role",
  noPermissionCreateRole: "You don't have permission to create new roles",
  noPermissionDuplicateRole: "You don't have permission to duplicate",
  noPermissionDeleteRole: "You don't have permission to delete",
  enableRole: (name: string) => `Enable role ${name}`,
  // Permission matrix
  permissionTypes: { view: 'VIEW', create: 'CREATE', update: 'UPDATE', delete: 'DELETE' },
  task: 'Task',
  permissionsSaved: 'Permissions Saved Successfully!',
  unsavedChanges: 'Changes that you made may not be saved.',
  unsavedChangesTitle: 'Unsaved changes',
  leave: 'LEAVE',
  stay: 'STAY',
  saveMatrix: 'Save',
  noPermissionSaveMatrix: "You don't have permission to Enable/Disable Permissions",
  noPermissionTooltip: "You don't have permission to create/update Tooltip",
  tooltipPlatformOnly: 'Task tooltips are shared by every company; only a platform administrator can change them.',
  editPermissionDetails: 'Edit Permission Details',
  toolTip: 'Tool Tip',
  description: 'Description',
  detailsSaved: 'Permission details saved successfully.',
  unknownPermission: 'One of the permissions does not exist.',
  duplicateRoleInRequest: 'Each role may appear only once.',
  noRolesForMatrix: 'This company has no roles yet.',
  // Notifications
  addNewNotification: '+ ADD NEW NOTIFICATION',
  notificationDialogTitle: 'Add New Notification',
  notificationMessage: 'Enter Notification Message',
  sendNotification: 'SEND NOTIFICATION',
  recipientsGroups: 'Groups',
  recipientsMembers: 'Members',
  chooseMembersInstead: 'Send to members instead',
  chooseGroupsInstead: 'Send to groups instead',
  notificationMessageRequired: 'Please enter the notification message.',
  notificationRecipientsRequired: 'Please select at least one group or member.',
  notificationNoRecipients: 'The chosen groups have no members to notify.',
  notificationSent: 'Notification sent successfully.',
  noNotificationsSent: "No Notification's added in your list yet!",
  noNotificationsPopover: 'There are no Notifications.',
  notificationsPopoverTitle: 'Notifications',
  myNotifications: 'My Notifications',
  sentBy: 'Sent by',
  sentOn: 'Sent on',
  recipientsCount: 'Recipients',
  message: 'Message',
  loadMore: 'Load more',
  noPermissionSendNotification: "You don't have permission to send notifications",
} as const;

export const ADMIN_LIMITS = {
  /** Admin tab values of the spec; 1 is not shown. */
  tabs: { employeeList: 0, groups: 2, permissions: 3, roles: 4, notifications: 5 },
  /** 'Permissions Saved Successfully!' stays this long */
  permissionsSavedMs: 5000,
  notificationMax: 2000,
  groupDescriptionMax: 1000,
  roleNameMax: 100,
  tooltipMax: 255,
  descriptionMax: 2000,
  maxIdsPerRequest: 1000,
  /** the bell asks for the new count this often while the app is open */
  bellRefreshMs: 60_000,
} as const;

/** Employees, the user form and my settings (administration-and-support.md sections 2 to 9; issue 4 part A). */
export const PROFILE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const PHOTO_ERROR_MS = 3000;
/** Dates are shown MM-DD-YYYY (section 9). */
export const DISPLAY_DATE_FORMAT = 'MM-DD-YYYY';
export const EMPLOYEE_PAGE_SIZE = PAGE_SIZE;
/** A new user's link to choose a password stays valid this long. */
export const WELCOME_LINK_TTL_HOURS = 72;

export const EMPLOYEE_TEXTS = {
  // list (tab 0)
  manageMembersTitle: (company: string) => `Manage Members - ${company}`,
  addNewUser: '+ ADD NEW USER',
  addNewUserEmpty: 'ADD NEW USER',
  emptyList: 'No Employees added in your list yet!',
  noSearchResults: 'No employees match your search.',
  searchLabel: 'Search employees',
  searchButton: 'SEARCH',
  loadingMore: 'Loading more employees',
  loadMore: 'Load more',
  close: 'CLOSE',
  tableLabel: 'Employees',
  assignTempRoleFor: (name: string) => `Assign Temporary Role to ${name}`,
  viewTempRolesFor: (name: string) => `View Temporary Roles of ${name}`,
  permissionsOf: (name: string) => `Permissions of ${name}`,
  editEmployee: (name: string) => `Edit ${name}`,
  deleteEmployee: (name: string) => `Delete ${name}`,
  loginAs: (name: string) => `Login as ${name}`,
  deleteTempRole: (role: string) => `Delete temporary role ${role}`,
  temporary: 'temporary',
  inactive: 'not active today',
  allLoaded: (total: number) => `All ${total} employees are shown.`,
  columns: {
    actions: 'Actions',
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Email Id',
    role: 'Role',
    permissions: 'Permissions',
    tempRoles: 'Temp Roles',
    groups: 'Groups',
    status: 'Status',
    title: 'Title',
    phone: 'Phone Number',
  },
  view: 'VIEW',
  login: 'Login',
  edit: 'Edit',
  delete: 'Delete',
  assign: 'Assign',
  // tooltips of section 6
  noCreateUser: "You don't have permission to create new user",
  noEdit: "You don't have permission to Edit",
  noDelete: "You don't have permission to Delete",
  noUpdateRole: "You don't have permission to update the role",
  noLoginAsAgent: "You don't have permission to log in as this user",
  cannotDeleteSelf: "You can't delete your own account",
  // dialogs
  deleteEmployeeTitle: 'Delete Employee',
  deleteEmployeeText: (name: string) =>
    `Are you sure you want to delete ${name}? They will no longer be able to sign in.`,
  deleteButton: 'DELETE',
  employeeDeleted: 'Employee deleted successfully.',
  assignTempRoleTitle: 'Assign Temporary Role',
  viewTempRoleTitle: 'View Temporary Role',
  deleteTempRoleTitle: 'Delete Temporary Role',
  deleteTempRoleText: (role: string, name: string) =>
    `Are you sure you want to remove the temporary role ${role} from ${name}?`,
  assignRole: 'Assign Role',
  tempRoleRole: 'Role',
  startDate: 'Start Date',
  endDate: 'End Date',
  noTempRoles: 'This employee has no temporary roles.',
  tempRoleActive: 'active',
  tempRoleAssigned: 'Temporary role assigned successfully.',
  tempRoleDeleted: 'Temporary role removed successfully.',
  permissionsTitle: (name: string) => `Permissions of ${name}`,
  noPermissions: 'This employee holds no permissions.',
  temporaryRoleLabel: (role: string, start: string, end: string) => `${role} (temporary, ${start} to ${end})`,
  // server messages
  cannotDeleteSelfMessage: "You can't delete your own account.",
  tempRoleStartPast: 'The start date cannot be before today.',
  tempRoleEndBeforeStart: 'The end date cannot be before the start date.',
  tempRoleIsMainRole: 'The employee already holds this role.',
  tempRoleRequired: 'Role, start date and end date are required.',
  noEscalationRole: "You can't give a role that holds permissions you don't have.",
  noEscalationUser: "You can't change a user who holds permissions you don't have.",
  badSortBy: 'The list cannot be sorted by this column.',
} as const;

export const USER_FORM_TEXTS = {
  createTitle: 'Create New User',
  editTitle: 'Edit User',
  breadcrumbDashboard: 'Dashboard',
  breadcrumbEmployeeList: 'Employee list',
  sections: {
    personal: 'Personal Data',
    status: 'Status Details',
    schedule: 'Schedule',
    duration: 'Duration',
    employment: 'Employment',
    workplace: 'Workplace',
    joinedCompany: 'Joined Company',
    groups: 'Groups',
    probation: 'Probation',
    promoted: 'Promoted in CC',
    outsourcer: 'Outsourcer',
    password: 'Password',
  },
  labels: {
    first_name: 'First Name',
    last_name: 'Last Name',
    nick_name: 'Nick Name',
    title: 'Title',
    email_id: 'Email',
    phone_number: 'Phone Number',
    status: 'Status',
    sub_status: 'Sub Status',
    role: 'Role',
    schedule: 'Schedule',
    duration: 'Duration',
    employment: 'Employment',
    workplace: 'Workplace',
    joined_company: 'Joined company',
    groups: 'Groups',
    probation: 'Probation',
    promoted: 'Promoted in CC',
    outsourcer: 'Outsourcer',
    password: 'Password',
    confirm_password: 'Confirm Password',
  },
  required: {
    first_name: 'First name is required',
    last_name: 'Last name is required',
    title: 'Title is required',
    email_id: 'Email is required',
    phone_number: 'Phone number is required',
    status: 'Status is required',
    sub_status: 'Sub status is required',
    role: 'Role is required',
    schedule: 'Schedule is required',
    duration: 'Duration is required',
    employment: 'Employment is required',
    workplace: 'Workplace is required',
    joined_company: 'Joined company is required',
    groups: 'Group is required',
    probation: 'Probation is required',
    promoted: 'Promoted in CC is required',
    outsourcer: 'Outsourcer is required',
  },
  phoneInvalid: 'Phone number must look like +1 (555) 555-5555',
  subStatusMismatch: 'This sub status does not belong to the status.',
  reenterPassword: 'Please re-enter the password.',
  passwordHelpEdit: 'Leave empty to keep the current password.',
  save: 'SAVE',
  update: 'UPDATE',
  userCreated: 'User created successfully.',
  userUpdated: 'User updated successfully.',
  checkingEmail: 'Checking the email address',
  welcomeSubject: 'Your SimCentre account',
  passwordChangedSubject: 'Your SimCentre password was changed',
  unknownRole: 'This role does not exist in your company.',
  unknownGroups: 'One of these groups does not exist in your company.',
} as const;

export const SETTINGS_TEXTS = {
  photoCard: 'Profile Photo',
  uploadPhoto: 'Upload photo',
  uploading: (percent: number) => `Uploading ${percent}%`,
  photoTooLarge: 'Image size exceeds more than 2mb',
  photoNotImage: 'Only image files (PNG, JPEG, GIF or WebP) can be uploaded.',
  photoMissing: 'Choose an image to upload.',
  photoUpdated: 'Profile photo updated.',
  updateChanges: 'Update Changes',
  settingsSaved: 'Your changes were saved.',
  updatePasswordCard: 'Update Password',
  currentPassword: 'Current Password',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  updatePasswordButton: 'UPDATE PASSWORD',
  wrongCurrentPassword: 'Current password is not the right one !',
  passwordUpdated: 'Password updated successfully.',
  groupsCard: 'Groups',
  noGroups: 'You are not a member of any group.',
  readOnlyHint: 'Only your nick name can be changed here. Ask your administrator to change the rest.',
  managedByAdminHint: 'These details are kept by your administrators.',
  notAllowedField: (field: string) => `You don't have permission to change ${field}.`,
} as const;
