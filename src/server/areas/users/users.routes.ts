import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { API_MESSAGES, ZMessage } from '@/domain/lib/api-error';
import { isRole } from '@/domain/users';
import { RESET_MESSAGES } from '@/domain/users';
import {
  ZLogin,
  ZPasswordResetConfirm,
  ZResetPassword,
  ZRole,
  ZRoleMember,
  ZUser,
  ZUserCreate,
  ZUserInfo,
  ZUserRemove,
  ZUserUpdate,
} from '@/domain/users';
import { screensAccess } from '@/server/auth/access';
import { clearSessionCookie, setSessionCookie } from '@/server/auth/session-cookie';
import { requireUser } from '@/server/plugins/auth';
import * as service from './users.service';

const tags = ['Brugere'];
const ADMIN = ['Adminstrator'] as const;
/**
 * What a login or a password reset body may weigh: the longest one a browser sends (a 200-character password typed twice,
 * a 254-character e-mail) is about 2 KB. Anyone may send these, so they get no megabyte to parse (413 'for stor').
 */
const PUBLIC_BODY_LIMIT = 8 * 1024;

function meta(request: FastifyRequest): service.RequestMeta {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? '' };
}

export interface UsersRoutesOptions {
  sessionTtlHours: number;
  /** The app's public address (e.g. https://rudeplan.example.dk) for reset links in e-mails; without it e-mails carry a code. */
  publicUrl?: string | undefined;
}

export const usersRoutes: FastifyPluginAsyncZod<UsersRoutesOptions> = async (app, options) => {
  app.post(
    '/api/user/login',
    {
      config: { access: 'public' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: { tags, summary: 'Log in with initials or e-mail', body: ZLogin, response: { 200: ZUserInfo } },
    },
    async (request, reply) => {
      const { token, user } = await service.login(app.db, request.body, meta(request), options.sessionTtlHours);
      setSessionCookie(request, reply, token, new Date(Date.now() + options.sessionTtlHours * 3_600_000), options.publicUrl);
      return user;
    },
  );

  app.get(
    '/api/user/userinfo',
    { config: { access: 'signedIn' }, schema: { tags, summary: 'The signed-in user', response: { 200: ZUserInfo } } },
    // Every page asks for it: kept with the session, which the database's announcements keep true (migration 0027).
    async (request) => {
      const user = requireUser(request.user);
      return app.sessionCache.derived(user.tokenHash, 'userinfo', () => service.getUser(app.db, user.id));
    },
  );

  app.get(
    '/api/user/logout',
    {
      config: { access: 'public', stateChangingGet: true, forgetsSessions: true },
      schema: { tags, summary: 'Log out (ends the session)', response: { 200: ZMessage } },
    },
    async (request, reply) => {
      await service.logout(app.db, request.user);
      clearSessionCookie(request, reply, options.publicUrl);
      return { message: API_MESSAGES.loggedOut };
    },
  );

  app.post(
    '/api/user/resetpassword',
    {
      config: { access: 'public' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Send a one-time reset link (e-mail) or code (SMS) to the user with this e-mail or phone',
        description:
          'Always answers the same, whether or not such a user exists. The link or code works once, for 30 minutes; ' +
          'the current password keeps working until a new one is set. Throttled per account and per address.',
        body: ZResetPassword,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.requestPasswordReset(app.db, request.body.Identifier, meta(request), { publicUrl: options.publicUrl });
      return { message: API_MESSAGES.passwordReset };
    },
  );

  app.post(
    '/api/user/resetpassword/confirm',
    {
      config: { access: 'public', forgetsSessions: true },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags,
        summary: "Set a new password with a reset link's token, or with an SMS code and the e-mail or phone it was sent for",
        description: "Ends the user's sessions. A wrong, expired or used token or code answers 400 with a Danish message.",
        body: ZPasswordResetConfirm,
        response: { 200: ZMessage },
      },
    },
    async (request) => {
      await service.confirmPasswordReset(app.db, request.body, meta(request));
      return { message: RESET_MESSAGES.done };
    },
  );

  app.get(
    '/api/user/users',
    { config: { access: ADMIN }, schema: { tags, summary: 'All users', response: { 200: z.array(ZUser) } } },
    async () => service.listUsers(app.db),
  );

  app.get(
    '/api/user/user/:id',
    {
      config: { access: ADMIN },
      schema: { tags, summary: 'One user (the edit form)', params: z.object({ id: z.uuid() }), response: { 200: ZUser } },
    },
    async (request) => service.getUser(app.db, request.params.id),
  );

  app.get(
    '/api/user/usersinrole/:role',
    {
      // Fitters for the worksheet, operators for the calendar and map, reviewers for Gennemsyn, users admin.
      config: { access: screensAccess('WORKSHEET', 'CALENDAR', 'MOBILE_SERVICE_MAP', 'PENDING', 'USERS', 'COMPLAINTS') },
      schema: {
        tags,
        summary: 'Users holding a role, as the screens list them: id, name, initials, department',
        description:
          'Operation and ReviewManager for everyone allowed; every role for Adminstrator. Contact data, roles and last login: GET /api/user/users.',
        params: z.object({ role: ZRole }),
        response: { 200: z.array(ZRoleMember) },
      },
    },
    async (request) => service.listRoleMembers(app.db, request.params.role, requireUser(request.user)),
  );

  app.get(
    '/api/user/roles/:role',
    {
      config: { access: 'signedIn' },
      schema: {
        tags,
        summary: 'Whether the signed-in user holds a role',
        params: z.object({ role: z.string().max(50) }),
        response: { 200: z.boolean() },
      },
    },
    async (request) => {
      const { role } = request.params;
      return isRole(role) && requireUser(request.user).roles.includes(role);
    },
  );

  app.post(
    '/api/user/register',
    { config: { access: ADMIN }, schema: { tags, summary: 'Create a user', body: ZUserCreate, response: { 200: ZUser } } },
    async (request) => service.createUser(app.db, request.body),
  );

  app.post(
    '/api/user/update',
    {
      config: { access: ADMIN, forgetsSessions: true },
      schema: { tags, summary: 'Update a user', body: ZUserUpdate, response: { 200: ZUser } },
    },
    async (request) => service.updateUser(app.db, request.body, requireUser(request.user)),
  );

  app.post(
    '/api/user/remove',
    {
      config: { access: ADMIN, forgetsSessions: true },
      schema: { tags, summary: 'Delete a user', body: ZUserRemove, response: { 200: ZMessage } },
    },
    async (request) => {
      await service.removeUser(app.db, request.body.id, requireUser(request.user));
      return { message: API_MESSAGES.userDeleted };
    },
  );
};
