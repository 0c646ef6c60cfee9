// Contracts of the staff page (issue #22, docs/backoffice.md "Staff page"): administrators
// (`staff.manage`) list, create and change staff accounts; a new member's first sign-in, by a
// one-time link, sets the password and enrols the authenticator.
import * as z from 'zod/mini';
import { STAFF_DISPLAY_NAME_MAX_LENGTH, STAFF_USERNAME_RE } from './accounts';
import { STAFF_LANGUAGES } from './contracts';
import { STAFF_ROLES } from './roles';

/** How long a set-up link may live, in hours: the administrator chooses (default one working day). */
export const STAFF_SETUP_LINK_HOURS = [1, 4, 24, 72] as const;
export const STAFF_SETUP_LINK_DEFAULT_HOURS = 24;
/** The console's page a link opens; the token travels after `#`, so no server log sees it. */
export const STAFF_SETUP_PATH = '/backoffice/setup';

export const STAFF_STATES = ['active', 'disabled', 'locked', 'awaiting_setup'] as const;
export type StaffState = (typeof STAFF_STATES)[number];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const StaffIdParamsSchema = z.object({ id: z.string().check(z.regex(UUID, 'invalid_value')) });

const roles = z
  .array(z.enum(STAFF_ROLES, { error: 'staff_roles_required' }))
  .check(z.minLength(1, 'staff_roles_required'), z.maxLength(STAFF_ROLES.length, 'staff_roles_required'));
const linkHours = z.optional(z.literal(STAFF_SETUP_LINK_HOURS, { error: 'invalid_value' }));

/** One row of the staff page. */
export const StaffMemberViewSchema = z.object({
  id: z.string(),
  username: z.string(),
  displayName: z.string(),
  roles: z.array(z.enum(STAFF_ROLES)),
  language: z.enum(STAFF_LANGUAGES),
  state: z.enum(STAFF_STATES),
  lastSignInAt: z.nullable(z.string()),
  createdAt: z.string(),
  /** When the open set-up link ends (awaiting first sign-in), else null. */
  setupLinkExpiresAt: z.nullable(z.string()),
});
export type StaffMemberView = z.infer<typeof StaffMemberViewSchema>;

/** GET /backoffice/api/staff (staff.manage). */
export const StaffListResponseSchema = z.object({ members: z.array(StaffMemberViewSchema) });

/** POST /backoffice/api/staff (staff.manage): a member without password or authenticator yet. */
export const StaffCreateRequestSchema = z.object({
  username: z
    .string({ error: 'staff_username_invalid' })
    .check(z.trim(), z.regex(STAFF_USERNAME_RE, 'staff_username_invalid')),
  displayName: z
    .string({ error: 'staff_display_name_invalid' })
    .check(
      z.trim(),
      z.minLength(1, 'staff_display_name_invalid'),
      z.maxLength(STAFF_DISPLAY_NAME_MAX_LENGTH, 'staff_display_name_invalid'),
    ),
  roles,
  language: z.enum(STAFF_LANGUAGES, { error: 'invalid_value' }),
  linkValidHours: linkHours,
});
export type StaffCreateRequest = z.infer<typeof StaffCreateRequestSchema>;

/** A one-time link, shown once to the administrator who made it: the token is never stored. */
export const StaffSetupLinkSchema = z.object({ token: z.string(), expiresAt: z.string() });
export const StaffCreatedResponseSchema = z.object({
  member: StaffMemberViewSchema,
  setupLink: StaffSetupLinkSchema,
});

/** PUT /backoffice/api/staff/:id/roles. */
export const StaffRolesRequestSchema = z.object({ roles });
/** POST /backoffice/api/staff/:id/setup-link: a new link (the member enrols again; the old credentials stop). */
export const StaffSetupLinkRequestSchema = z.object({ linkValidHours: linkHours });
export const StaffMemberResponseSchema = z.object({ member: StaffMemberViewSchema });

/** POST /backoffice/api/staff-setup/start: what the link's page shows (no session, no CSRF token). */
export const StaffSetupStartRequestSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_value')),
});
export const StaffSetupStartResponseSchema = z.object({
  username: z.string(),
  displayName: z.string(),
  language: z.enum(STAFF_LANGUAGES),
  /** The base32 secret, for typing into the app when the camera cannot read the QR code. */
  secret: z.string(),
  otpauthUri: z.string(),
  /** The otpauth URI as an SVG QR code (a data: URL). */
  qrCode: z.string(),
  expiresAt: z.string(),
});
export type StaffSetupStart = z.infer<typeof StaffSetupStartResponseSchema>;

/** POST /backoffice/api/staff-setup/finish: the new password and a code from the app confirm it. */
export const StaffSetupFinishRequestSchema = z.object({
  token: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'invalid_value')),
  password: z
    .string({ error: 'staff_password_too_short' })
    .check(z.maxLength(1024, 'staff_password_too_long')),
  totp: z.string({ error: 'staff_totp_code_wrong' }).check(z.regex(/^\d{6}$/, 'staff_totp_code_wrong')),
});
