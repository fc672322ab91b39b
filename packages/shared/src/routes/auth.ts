import { defineRoute } from '../contract/define';
import {
  ZCheckInvitationQuery,
  ZCheckInvitationResponse,
  ZForgotPasswordRequest,
  ZLoginRequest,
  ZLoginResponse,
  ZLoginToAgentRequest,
  ZRegisterRequest,
  ZResetPasswordRequest,
  ZUserDetailsResponse,
} from '../schemas/auth';
import { ZOk } from '../schemas/common';
import { requires } from './access';

const tags = ['auth'];

/**
 * Sign-in, password reset, registration of a company and the signed-in user's details. Sign-in, forgot
 * and reset password count failed attempts per account and address (server modules/auth/attempt-limits);
 * registration has a per-route rate limit (given by the server where it registers the route).
 */
export const authApi = {
  login: defineRoute({
    method: 'POST',
    url: '/api/v1/login/',
    access: 'public',
    tags,
    summary: 'Sign in with email and password',
    body: ZLoginRequest,
    response: ZLoginResponse,
  }),
  loginToAgent: defineRoute({
    method: 'POST',
    url: '/api/v1/login/login-to-agent-account',
    access: requires('employee_list', 'update'),
    tags,
    summary: "Log in to an agent's account of your company (audited)",
    body: ZLoginToAgentRequest,
    response: ZLoginResponse,
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    url: '/api/v1/login/forgot-password',
    access: 'public',
    tags,
    summary: 'Email a single-use password reset link (same answer whether the email exists or not)',
    body: ZForgotPasswordRequest,
    response: ZOk,
  }),
  resetPassword: defineRoute({
    method: 'POST',
    url: '/api/v1/login/reset-password',
    access: 'public',
    tags,
    summary: 'Set a new password with the emailed token',
    body: ZResetPasswordRequest,
    response: ZOk,
  }),
  userDetails: defineRoute({
    method: 'GET',
    url: '/api/v1/permissions/user-details',
    access: 'signedIn',
    tags,
    summary: 'The signed-in user, their effective permissions and their count of new notifications',
    response: ZUserDetailsResponse,
  }),
  checkInvitation: defineRoute({
    method: 'GET',
    url: '/api/v1/users/check-invitation',
    access: 'public',
    tags,
    summary: 'Whether an allowNewCompany invitation is valid (signed, not expired, not used)',
    query: ZCheckInvitationQuery,
    response: ZCheckInvitationResponse,
  }),
  register: defineRoute({
    method: 'POST',
    url: '/api/v1/users/register',
    access: 'public',
    tags,
    summary: 'Register a new company with an invitation; the registrant becomes its account owner',
    body: ZRegisterRequest,
    response: ZOk,
  }),
};
