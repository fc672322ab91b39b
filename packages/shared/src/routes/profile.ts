import { z } from 'zod';
import { defineRoute } from '../contract/define';
import {
  ZUpdatePasswordRequest,
  ZUpdatePasswordResponse,
  ZUpdateProfilePhotoResponse,
  ZUpdateProfileRequest,
  ZUpdateProfileResponse,
} from '../schemas/users';

const tags = ['settings'];

/** My settings: the signed-in user's own record, password and photo (any signed-in user). */
export const profileApi = {
  update: defineRoute({
    method: 'POST',
    url: '/api/v1/users/update-profile',
    access: 'signedIn',
    tags,
    summary: 'Save your own record (agents: nick name only; email, status, role, groups: employee_list update)',
    body: ZUpdateProfileRequest,
    response: ZUpdateProfileResponse,
  }),
  updatePassword: defineRoute({
    method: 'POST',
    url: '/api/v1/users/update-password',
    access: 'signedIn',
    tags,
    summary: 'Change your own password; the current one must be right',
    body: ZUpdatePasswordRequest,
    response: ZUpdatePasswordResponse,
  }),
  updatePhoto: defineRoute({
    method: 'POST',
    url: '/api/v1/users/update-profile-photo',
    access: 'signedIn',
    tags,
    summary: 'Upload your profile photo: multipart field photo, PNG/JPEG/GIF/WebP, at most 2 MB',
    body: 'multipart',
    response: ZUpdateProfilePhotoResponse,
  }),
  /** profile photos are read by <img> without a token: unguessable names (capability URLs) */
  photo: defineRoute({
    method: 'GET',
    url: '/api/v1/users/profile-photo',
    access: 'public',
    tags,
    summary: 'A profile photo (public: the random file name is the key)',
    query: z.object({ file: z.string().max(100) }),
    response: 'file',
  }),
};
