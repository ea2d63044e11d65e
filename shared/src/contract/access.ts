import {
  ANYONE_ROLES as ANYONE,
  DIRECTOR_ROLES as DIRECTORS,
  RING_ROLES as RING,
  SIGNED_IN_ROLES as SIGNED_IN,
  STAFF_ROLES as STAFF,
  SUPER_ADMIN_ROLES as SUPER_ADMIN,
  type Role,
} from '../domain/roles.ts';

// The single role table: every /api and /sync route, keyed "METHOD /path" with OpenAPI
// path parameters ("{id}"). The server refuses to start with a route missing here, the
// OpenAPI document carries each route's roles as `x-roles`, and the tests read both.

// The role groups are shared/src/domain/roles.ts's, under the table's short names.
export {
  ANYONE_ROLES as ANYONE,
  SIGNED_IN_ROLES as SIGNED_IN,
  STAFF_ROLES as STAFF,
  DIRECTOR_ROLES as DIRECTORS,
  RING_ROLES as RING,
  SUPER_ADMIN_ROLES as SUPER_ADMIN,
} from '../domain/roles.ts';

export const API_ACCESS = {
  'GET /api/health': ANYONE,
  'GET /api/openapi.json': ANYONE,
  'GET /api/settings': ANYONE,
  'GET /api/tournaments': ANYONE,
  'GET /api/event-types': ANYONE,
  'PUT /api/email/contactUs': ANYONE,
  'GET /api/dev/mailbox': SUPER_ADMIN,
  // The System page (decision 041): how the server is doing, and a test e-mail to oneself.
  'GET /api/admin/system': SUPER_ADMIN,
  'POST /api/admin/system/test-email': SUPER_ADMIN,
  // Registration (decision 009): a customer reaches only their own (the service answers 404
  // for another's); staff reach all. The Stripe webhook proves itself by its signature.
  'POST /api/registration/create/{tournamentId}': SIGNED_IN,
  'GET /api/registration/getAll/{tournamentId}': SIGNED_IN,
  'GET /api/registration/incomplete/{tournamentId}': SIGNED_IN,
  'GET /api/registration/has-completed': SIGNED_IN,
  'GET /api/registration/options/{tournamentId}': SIGNED_IN,
  'GET /api/registration/{id}': SIGNED_IN,
  'GET /api/registration/competitor/{id}': SIGNED_IN,
  'POST /api/registration/competitor': SIGNED_IN,
  'PUT /api/registration/competitor': SIGNED_IN,
  'DELETE /api/registration/competitor/{id}': SIGNED_IN,
  // Decision 043: only the registration's owner gives or withdraws consent (404 for anyone else).
  'PUT /api/registration/competitor/{id}/choices': SIGNED_IN,
  'POST /api/registration/spectator/{registrationId}': SIGNED_IN,
  'DELETE /api/registration/spectator/{registrationId}': SIGNED_IN,
  'POST /api/registration/lunch/{registrationId}': SIGNED_IN,
  'DELETE /api/registration/lunch/{registrationId}': SIGNED_IN,
  'PUT /api/registration/contacts/{registrationId}': SIGNED_IN,
  'PUT /api/registration/contact-preferences/{contactId}': SIGNED_IN,
  'POST /api/registration/checkout/{registrationId}': SIGNED_IN,
  'GET /api/registration/receipt/{registrationId}': SIGNED_IN,
  'POST /api/registration/stripe-webhook': ANYONE,
  'POST /api/users/register': ANYONE,
  'PUT /api/users/register': ANYONE,
  'POST /api/users/authenticate': ANYONE,
  'POST /api/users/google-oauth': ANYONE,
  'POST /api/users/forgot': ANYONE,
  'PUT /api/users/reset': ANYONE,
  'POST /api/users/refresh': ANYONE,
  'POST /api/users/logout': ANYONE,
  'PUT /api/users/language': SIGNED_IN,
  'GET /api/users/privacy-policy': SIGNED_IN,
  // Decision 045: a family downloads its own data (the service reads only the caller's).
  'GET /api/users/my-data': SIGNED_IN,
  'POST /api/users/privacy-policy': SIGNED_IN,
  // Decision 046: the account itself, password asked again (not while viewing as the family).
  'POST /api/users/delete-account': SIGNED_IN,
  // Settings (decision 007): SuperAdmin only (docs/product.md §6).
  'GET /api/admin/tournaments': SUPER_ADMIN,
  'POST /api/admin/tournaments': SUPER_ADMIN,
  'GET /api/admin/tournaments/{id}': SUPER_ADMIN,
  'PUT /api/admin/tournaments/{id}': SUPER_ADMIN,
  'DELETE /api/admin/tournaments/{id}': SUPER_ADMIN,
  'GET /api/admin/event-types': SUPER_ADMIN,
  'POST /api/admin/event-types': SUPER_ADMIN,
  'POST /api/admin/event-types/reorder': SUPER_ADMIN,
  'PUT /api/admin/event-types/{id}': SUPER_ADMIN,
  'DELETE /api/admin/event-types/{id}': SUPER_ADMIN,
  'GET /api/admin/competitor-levels': SUPER_ADMIN,
  'POST /api/admin/competitor-levels': SUPER_ADMIN,
  'POST /api/admin/competitor-levels/reorder': SUPER_ADMIN,
  'PUT /api/admin/competitor-levels/{id}': SUPER_ADMIN,
  'DELETE /api/admin/competitor-levels/{id}': SUPER_ADMIN,
  'GET /api/admin/events': SUPER_ADMIN,
  'POST /api/admin/events': SUPER_ADMIN,
  'POST /api/admin/events/reorder': SUPER_ADMIN,
  'PUT /api/admin/events/{id}': SUPER_ADMIN,
  'DELETE /api/admin/events/{id}': SUPER_ADMIN,
  'GET /api/admin/divisions': SUPER_ADMIN,
  'POST /api/admin/divisions': SUPER_ADMIN,
  'POST /api/admin/divisions/reorder': SUPER_ADMIN,
  'PUT /api/admin/divisions/{id}': SUPER_ADMIN,
  'DELETE /api/admin/divisions/{id}': SUPER_ADMIN,
  'GET /api/admin/site-settings': SUPER_ADMIN,
  'PUT /api/admin/site-settings': SUPER_ADMIN,
  'GET /api/admin/audit-log': SUPER_ADMIN,
  // Who looked at a family's data (decision 045): SuperAdmin only.
  'GET /api/admin/access-log': SUPER_ADMIN,
  // Backups (decision 040): they hold every family's data and the server's secrets.
  'GET /api/admin/backups': SUPER_ADMIN,
  'GET /api/admin/backups/latest': SUPER_ADMIN,
  // Decision 046: a deletion request carried out for a family, the retention preview and periods.
  'POST /api/admin/accounts/{userId}/erase': SUPER_ADMIN,
  'GET /api/admin/retention': SUPER_ADMIN,
  'PUT /api/admin/retention': SUPER_ADMIN,
  // The Staff page (decision 049): invitations, roles and revocation, SuperAdmin only. The
  // invitation link proves itself by its secret (hashed, single use, 72 hours).
  'GET /api/admin/staff': SUPER_ADMIN,
  'POST /api/admin/staff/invites': SUPER_ADMIN,
  'DELETE /api/admin/staff/invites/{inviteId}': SUPER_ADMIN,
  'PUT /api/admin/staff/{userId}/role': SUPER_ADMIN,
  'POST /api/admin/staff/{userId}/revoke': SUPER_ADMIN,
  'POST /api/users/invite/check': ANYONE,
  'POST /api/users/invite/accept': ANYONE,
  // Registrations desk (decision 014): the three staff roles (docs/product.md §6).
  'GET /api/admin/registrations': STAFF,
  'GET /api/admin/registrations.csv': STAFF,
  'GET /api/admin/registrations/{id}': STAFF,
  'POST /api/admin/registrations/{id}/resend-receipt': STAFF,
  // Starting "view as this customer": directors only; the service refuses staff subjects.
  'POST /api/admin/impersonation/{userId}': DIRECTORS,
  // Staff desk reports (decision 013): directors only (docs/product.md §6).
  'GET /api/admin/dashboard': DIRECTORS,
  'GET /api/admin/competitors': DIRECTORS,
  'GET /api/admin/competitors.csv': DIRECTORS,
  // Matchmaking and division sheets (decision 017): directors (docs/product.md §6).
  // Rings and matchday (decision 021): rings are set up over /api; everything done at the rings
  // goes through /sync (the matchday scope). Results and signage are public, with no personal
  // data beyond a first name, last initial and school; a family's schedule is its own.
  'POST /api/admin/rings': DIRECTORS,
  'PUT /api/admin/rings/{ringId}': DIRECTORS,
  'DELETE /api/admin/rings/{ringId}': DIRECTORS,
  'POST /api/admin/rings/reorder': DIRECTORS,
  'GET /api/signage/ring-assignments/{tournamentId}': ANYONE,
  'GET /api/results/{tournamentId}': ANYONE,
  'GET /api/registration/schedule/{tournamentId}': SIGNED_IN,
  // A tablet locked to one ring asks a director's password to unlock (decision 042): the ring
  // tablet calls it, signed in as a ring official or a director.
  'POST /api/matchday/ring-lock/unlock': RING,
  'GET /api/admin/matchmaking': DIRECTORS,
  'GET /api/admin/matchmaking/options/{tournamentId}': DIRECTORS,
  'POST /api/admin/matchmaking/drafts': DIRECTORS,
  'GET /api/admin/matchmaking/drafts/{draftId}': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/regenerate': DIRECTORS,
  'PUT /api/admin/matchmaking/drafts/{draftId}/divisions/{divisionId}': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/divisions/{divisionId}/split': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/divisions/{divisionId}/combine': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/move': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/place': DIRECTORS,
  'GET /api/admin/matchmaking/drafts/{draftId}/publish': DIRECTORS,
  'POST /api/admin/matchmaking/drafts/{draftId}/publish': DIRECTORS,
  'GET /api/admin/division-sheets/all/{draftId}': DIRECTORS,
  'GET /api/admin/division-sheets/{draftDivisionId}': DIRECTORS,
  // Communications (decision 024): directors and super admins (docs/product.md §6).
  // The unsubscribe link proves itself by its signed token, Twilio's webhook by its signature.
  'GET /api/admin/communications/options/{tournamentId}': DIRECTORS,
  'GET /api/admin/communications/registrations/{tournamentId}': DIRECTORS,
  'POST /api/admin/communications/preview': DIRECTORS,
  'POST /api/admin/communications/send': DIRECTORS,
  'POST /api/admin/communications/test': DIRECTORS,
  'GET /api/admin/communications/history/{tournamentId}': DIRECTORS,
  'GET /api/admin/communications/messages/{messageId}': DIRECTORS,
  'GET /api/admin/communications/templates': DIRECTORS,
  'POST /api/admin/communications/templates': DIRECTORS,
  'PUT /api/admin/communications/templates/{templateId}': DIRECTORS,
  'DELETE /api/admin/communications/templates/{templateId}': DIRECTORS,
  'PUT /api/admin/communications/settings/{tournamentId}': DIRECTORS,
  'GET /api/communications/unsubscribe': ANYONE,
  'POST /api/communications/unsubscribe': ANYONE,
  'POST /api/communications/sms-webhook': ANYONE,
  'GET /api/dev/sms-outbox': SUPER_ADMIN,
  // Copying a past tournament's division rules is a settings change: SuperAdmin only.
  'POST /api/admin/divisions/copy-from-tournament/{tournamentId}': SUPER_ADMIN,
  // File sharing (decision 025). Customers upload for staff and read what is shared
  // with them (the service answers 404 for anyone else's file); staff shares and their removal
  // are directors'; every staff role sees a registration's files within its reach (decision 018).
  'GET /api/files': SIGNED_IN,
  'POST /api/files': SIGNED_IN,
  'GET /api/files/{fileId}': SIGNED_IN,
  'DELETE /api/files/{fileId}': SIGNED_IN,
  'POST /api/admin/files': DIRECTORS,
  'DELETE /api/admin/files/{fileId}': DIRECTORS,
  'GET /api/admin/registrations/{registrationId}/files': STAFF,
  // Sync (docs/decisions/011-sync-protocol.md): the route is open as wide as its
  // widest scope; each scope's roles (SYNC_SCOPE_ROLES in contract/sync.ts) are checked
  // inside, and each pushed mutator's scope likewise (401 anonymous, 403 without the role).
  'POST /sync/push': SIGNED_IN,
  'POST /sync/pull': ANYONE,
  'GET /sync/events': ANYONE,
  // A ticket to open the event stream of a scope the caller may read (decision 011: no access
  // token in a URL); the scope's own roles are checked inside.
  'POST /sync/events/ticket': SIGNED_IN,
} as const satisfies Record<string, readonly Role[]>;

export function rolesFor(key: string): readonly Role[] | undefined {
  return (API_ACCESS as Record<string, readonly Role[]>)[key];
}
