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

export const MESSAGES = {
  // Sign-in (learner-and-review.md sections 5 and 8)
  loginMissingFields: 'Please enter your email and password',
  loginInvalidEmail: 'Please enter valid email address!!',
  loginBadCredentials: 'Invalid email or password.',
  loginRateLimited: 'Too many sign-in attempts. Please wait a minute and try again.',
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
