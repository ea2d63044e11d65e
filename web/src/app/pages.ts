import { matchRoutes, type PathParam } from 'react-router';
import { msg } from '@shared/i18n/message-ref.ts';
import {
  ANYONE_ROLES,
  ADMIN_AREA_ROLES,
  DIRECTOR_ROLES,
  hasAnyRole,
  RING_ROLES,
  SIGNED_IN_ROLES,
  STAFF_ROLES,
  SUPER_ADMIN_ROLES,
} from '@shared/domain/roles.ts';

// The one page table (docs/product.md §2 and §6): every page's path, title and the roles that may
// open it. The router takes its paths from here, the login guard and the admin layout's role
// guard read the roles, the admin navigation and its More menu list pages from here, and links
// are built with `href` instead of string literals. Plain data: features import it too.

export interface Page {
  /** The absolute path, in react-router's syntax (`:id`, `:id?`). */
  readonly path: string;
  /** The page's name in menus and links: a message reference (`tm(page.title)` shows it). */
  readonly title: string;
  /** Who may open it; public pages include Unauthenticated. */
  readonly roles: readonly string[];
}

export const PAGES = {
  // Public (docs/product.md §2).
  home: { path: '/', title: msg('page.home'), roles: ANYONE_ROLES },
  contact: { path: '/contact', title: msg('page.contact'), roles: ANYONE_ROLES },
  privacy: { path: '/privacy', title: msg('page.privacy'), roles: ANYONE_ROLES },
  mailingList: { path: '/mailing-list', title: msg('page.mailingList'), roles: ANYONE_ROLES },
  signage: { path: '/signage/ring-assignments', title: msg('page.signage'), roles: ANYONE_ROLES },
  // The public results page (decision 022) (first name, last initial and school only).
  results: { path: '/results', title: msg('page.results'), roles: ANYONE_ROLES },
  user: { path: '/user', title: msg('page.user'), roles: ANYONE_ROLES },
  login: { path: '/user/login', title: msg('page.login'), roles: ANYONE_ROLES },
  register: { path: '/user/register', title: msg('page.register'), roles: ANYONE_ROLES },
  pending: { path: '/user/pending', title: msg('page.pending'), roles: ANYONE_ROLES },
  verification: { path: '/user/verification/:hash?', title: msg('page.verification'), roles: ANYONE_ROLES },
  forgot: { path: '/user/forgot', title: msg('page.forgot'), roles: ANYONE_ROLES },
  reset: { path: '/user/reset/:userId/:hash', title: msg('page.reset'), roles: ANYONE_ROLES },
  // A volunteer's invitation link from the Staff page (decision 049).
  invite: { path: '/user/invite/:token', title: msg('page.invite'), roles: ANYONE_ROLES },

  // The customer area (docs/product.md §2 "Customer area"): any signed-in account.
  customer: { path: '/customer', title: msg('page.customer'), roles: SIGNED_IN_ROLES },
  customerHome: { path: '/customer/home', title: msg('page.customerHome'), roles: SIGNED_IN_ROLES },
  notificationPreferences: {
    path: '/customer/home/notification-preferences',
    title: msg('page.notificationPreferences'),
    roles: SIGNED_IN_ROLES,
  },
  registrationStart: {
    path: '/customer/registration',
    title: msg('page.registrationStart'),
    roles: SIGNED_IN_ROLES,
  },
  registration: {
    path: '/customer/registration/:registrationId',
    title: msg('page.registration'),
    roles: SIGNED_IN_ROLES,
  },
  confirmation: {
    path: '/customer/registration/:registrationId/confirmation',
    title: msg('page.confirmation'),
    roles: SIGNED_IN_ROLES,
  },
  competitor: {
    path: '/customer/registration/:registrationId/competitor/:competitorId?',
    title: msg('page.competitor'),
    roles: SIGNED_IN_ROLES,
  },
  receipt: {
    path: '/customer/registration/:registrationId/receipt',
    title: msg('page.receipt'),
    roles: SIGNED_IN_ROLES,
  },
  // A family's day (decision 051): each child's division, ring and live status.
  customerDay: { path: '/customer/day', title: msg('page.customerDay'), roles: SIGNED_IN_ROLES },
  fileSharing: { path: '/customer/file-sharing', title: msg('page.fileSharing'), roles: SIGNED_IN_ROLES },
  // Decisions 045 and 046: also reachable from the footer while registering (the customer home
  // sends a family with no completed registration to registering while registration is open).
  yourData: { path: '/customer/your-data', title: msg('page.yourData'), roles: SIGNED_IN_ROLES },
  share: { path: '/share', title: msg('page.share'), roles: SIGNED_IN_ROLES },

  // The admin area (docs/product.md §2 and §6).
  // The admin area holds the desk staff and ring officials (decision 042); each page narrows it.
  admin: { path: '/admin', title: msg('page.admin'), roles: ADMIN_AREA_ROLES },
  dashboard: { path: '/admin/dashboard', title: msg('page.dashboard'), roles: DIRECTOR_ROLES },
  competitors: { path: '/admin/competitors', title: msg('page.competitors'), roles: DIRECTOR_ROLES },
  registrations: { path: '/admin/registrations', title: msg('page.registrations'), roles: STAFF_ROLES },
  adminRegistration: {
    path: '/admin/registration/:registrationId',
    title: msg('page.adminRegistration'),
    roles: STAFF_ROLES,
  },
  // The admin competitor edit page has no roles of its own beyond staff (docs/product.md §6).
  adminCompetitor: {
    path: '/admin/registration/:registrationId/competitor/:competitorId?',
    title: msg('page.adminCompetitor'),
    roles: STAFF_ROLES,
  },
  payments: { path: '/admin/payments', title: msg('page.payments'), roles: STAFF_ROLES },
  checkIn: { path: '/admin/check-in', title: msg('page.checkIn'), roles: STAFF_ROLES },
  // Register, take payment and check in at the door (staff, as check-in).
  walkIn: { path: '/admin/walk-in', title: msg('page.walkIn'), roles: STAFF_ROLES },
  // Matchmaking and division sheets (decision 017). The draft page's tabs all, split and combine
  // are child routes (docs/product.md §2); the page reads which one.
  matchmaking: { path: '/admin/matchmaking', title: msg('page.matchmaking'), roles: DIRECTOR_ROLES },
  createDraft: {
    path: '/admin/matchmaking/create-draft/tournament/:tournamentId',
    title: msg('page.createDraft'),
    roles: DIRECTOR_ROLES,
  },
  draft: { path: '/admin/matchmaking/:draftId', title: msg('page.draft'), roles: DIRECTOR_ROLES },
  draftAll: { path: '/admin/matchmaking/:draftId/all', title: msg('page.draftAll'), roles: DIRECTOR_ROLES },
  draftSplit: {
    path: '/admin/matchmaking/:draftId/split',
    title: msg('page.draftSplit'),
    roles: DIRECTOR_ROLES,
  },
  draftCombine: {
    path: '/admin/matchmaking/:draftId/combine',
    title: msg('page.draftCombine'),
    roles: DIRECTOR_ROLES,
  },
  splitDivision: {
    path: '/admin/matchmaking/:draftId/split/division/:draftDivisionId',
    title: msg('page.splitDivision'),
    roles: DIRECTOR_ROLES,
  },
  combineDivision: {
    path: '/admin/matchmaking/:draftId/combine/division/:draftDivisionId',
    title: msg('page.combineDivision'),
    roles: DIRECTOR_ROLES,
  },
  draftSheets: {
    path: '/admin/division-sheets/all/:draftId',
    title: msg('page.draftSheets'),
    roles: DIRECTOR_ROLES,
  },
  divisionSheet: {
    path: '/admin/division-sheets/:draftDivisionId',
    title: msg('page.divisionSheet'),
    roles: DIRECTOR_ROLES,
  },
  // Rings and matchday (decision 023).
  // Ring officials run the matchday screen, nothing else of the admin area (decision 042).
  matchday: { path: '/admin/matchday', title: msg('page.matchday'), roles: RING_ROLES },
  // The director's control room (decision 048): every ring live, on the venue platform.
  controlRoom: { path: '/admin/control-room', title: msg('page.controlRoom'), roles: DIRECTOR_ROLES },
  leaderboard: { path: '/admin/matchday/leaderboard', title: msg('page.leaderboard'), roles: DIRECTOR_ROLES },
  rings: { path: '/admin/rings', title: msg('page.rings'), roles: DIRECTOR_ROLES },
  // Communications and its audience picker (decision 024).
  communications: { path: '/admin/communications', title: msg('page.communications'), roles: DIRECTOR_ROLES },
  // Files staff share with every family (decision 025), on the staff side, as sharing's /api route is.
  familyFiles: { path: '/admin/file-sharing', title: msg('page.familyFiles'), roles: DIRECTOR_ROLES },
  audiencePicker: {
    path: '/admin/communications/registrations',
    title: msg('page.audiencePicker'),
    roles: DIRECTOR_ROLES,
  },
  // The dev outbox (decision 024): the SMS and mails a server without Twilio or SMTP_URL keeps
  // instead of sending; SuperAdmin only, as its /api routes are.
  devOutbox: { path: '/admin/dev-outbox', title: msg('page.devOutbox'), roles: SUPER_ADMIN_ROLES },
  // The System page (decision 041): database, mail, SMS, job queue, disk and recent errors.
  system: { path: '/admin/system', title: msg('page.system'), roles: SUPER_ADMIN_ROLES },
  // The settings pages (decision 007): SuperAdmin only.
  tournaments: { path: '/admin/tournaments', title: msg('page.tournaments'), roles: SUPER_ADMIN_ROLES },
  divisions: { path: '/admin/divisions', title: msg('page.divisions'), roles: SUPER_ADMIN_ROLES },
  eventTypes: { path: '/admin/event-types', title: msg('page.eventTypes'), roles: SUPER_ADMIN_ROLES },
  competitorLevels: {
    path: '/admin/competitor-levels',
    title: msg('page.competitorLevels'),
    roles: SUPER_ADMIN_ROLES,
  },
  events: { path: '/admin/events', title: msg('page.events'), roles: SUPER_ADMIN_ROLES },
  siteSettings: { path: '/admin/site-settings', title: msg('page.siteSettings'), roles: SUPER_ADMIN_ROLES },
  auditLog: { path: '/admin/audit-log', title: msg('page.auditLog'), roles: SUPER_ADMIN_ROLES },
  // The server's backups (decision 040): SuperAdmin only, as their /api routes are.
  backups: { path: '/admin/backups', title: msg('page.backups'), roles: SUPER_ADMIN_ROLES },
  // Who looked at a family's data (decision 045): SuperAdmin only, as its /api route is.
  accessLog: { path: '/admin/access-log', title: msg('page.accessLog'), roles: SUPER_ADMIN_ROLES },
  // Staff accounts and invitations (decision 049): SuperAdmin only, as its /api routes are.
  staff: { path: '/admin/staff', title: msg('page.staff'), roles: SUPER_ADMIN_ROLES },
  // The retention purges' dry run (decision 046): SuperAdmin only, as its /api route is.
  personalData: { path: '/admin/personal-data', title: msg('page.personalData'), roles: SUPER_ADMIN_ROLES },
} as const satisfies Record<string, Page>;

export type PageKey = keyof typeof PAGES;
type PathOf<K extends PageKey> = (typeof PAGES)[K]['path'];
/** The pages whose path has no parameters (the ones a menu can link to). */
export type StaticPageKey = { [K in PageKey]: PathParam<PathOf<K>> extends never ? K : never }[PageKey];
type ParamsOf<K extends PageKey> = { [P in PathParam<PathOf<K>>]: string | number | null | undefined };

// One order (decision 029) for the admin pages, used by the admin navigation,
// its More menu and the settings pages' own navigation, so the three never disagree.
// docs/product.md §2 "Admin navigation" gives the order; Site Settings and Audit Log (decision 007)
// follow the settings pages it names. Logout is the header's, once.

/** The admin navigation, in order; each item shows to the roles that may open its page. */
export const ADMIN_NAV: readonly StaticPageKey[] = [
  'dashboard',
  'competitors',
  'registrations',
  'payments',
  'checkIn',
  'matchmaking',
  'controlRoom',
  'matchday',
  'rings',
  // A director's ways to the families; a super admin reaches them in the More menu instead.
  'communications',
  'familyFiles',
];

/** The settings pages (SuperAdmin only), in the More menu's order. */
export const SETTINGS_NAV: readonly StaticPageKey[] = [
  'tournaments',
  'divisions',
  'eventTypes',
  'competitorLevels',
  'events',
  'siteSettings',
  'auditLog',
  'backups',
  'personalData',
];

/**
 * The More menu (SuperAdmin only): the settings pages, then Communications, Files for Families, the dev outbox, the
 * System page, the access log and the Staff page (decision 049).
 */
export const MORE_MENU = {
  roles: SUPER_ADMIN_ROLES,
  pages: [
    ...SETTINGS_NAV,
    'communications',
    'familyFiles',
    'devOutbox',
    'system',
    'accessLog',
    'staff',
  ] as readonly StaticPageKey[],
};

/** The admin navigation `roles` sees: the pages it may open, less those its More menu holds. */
export function adminNavFor(roles: readonly string[]): StaticPageKey[] {
  const more = hasAnyRole(roles, MORE_MENU.roles) ? new Set(MORE_MENU.pages) : new Set<StaticPageKey>();
  return ADMIN_NAV.filter((key) => hasAnyRole(roles, PAGES[key].roles) && !more.has(key));
}

/**
 * The address of a page: its path with the parameters filled in (an optional one left out when
 * not given), then `search` (without its "?") if any. Typed by the page's path parameters.
 */
export function href<K extends PageKey>(
  key: K,
  ...[params, search]: PathParam<PathOf<K>> extends never
    ? [params?: undefined, search?: string]
    : [params: ParamsOf<K>, search?: string]
): string {
  const values = (params ?? {}) as Record<string, string | number | null | undefined>;
  const path = PAGES[key].path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      const value = values[name];
      if (value === undefined || value === null) {
        if (optional) return [];
        throw new Error(`Missing ":${name}" for ${PAGES[key].path}`);
      }
      return [encodeURIComponent(String(value))];
    })
    .join('/');
  return `${path || '/'}${search ? `?${search}` : ''}`;
}

/** A page's path below `parent` (for nested route objects): `relativePath('checkIn', '/admin')` is "check-in". */
export function relativePath(key: PageKey, parent: string): string {
  const path: string = PAGES[key].path;
  if (!path.startsWith(`${parent}/`)) throw new Error(`${path} is not below ${parent}`);
  return path.slice(parent.length + 1);
}

const PAGE_ROUTES = (Object.keys(PAGES) as PageKey[]).map((key) => ({ path: PAGES[key].path, key }));

/** The page at `pathname`, or undefined for an address no page has. */
export function pageAt(pathname: string): Page | undefined {
  const match = matchRoutes(PAGE_ROUTES, pathname)?.at(-1);
  return match ? PAGES[match.route.key] : undefined;
}

/**
 * The staff screens that work from the device's synced store (docs/design.md §1): the sync
 * status shows on these. Elsewhere (the dashboard, matchmaking, settings) it shows only while
 * changes wait to be sent or were refused.
 */
export const SYNCING_PAGES: readonly PageKey[] = [
  'checkIn',
  'payments',
  'walkIn',
  'controlRoom',
  'matchday',
  'leaderboard',
  'rings',
];

/** Whether the page at `pathname` is one of SYNCING_PAGES. */
export function isSyncingPage(pathname: string): boolean {
  const page = pageAt(pathname);
  return SYNCING_PAGES.some((key) => PAGES[key] === page);
}

/** Whether `roles` may open `pathname` (an address no page has: nothing to refuse). */
export function mayOpen(pathname: string, roles: readonly string[]): boolean {
  const page = pageAt(pathname);
  return !page || hasAnyRole(roles, page.roles);
}

/** Whether a visitor who is not signed in may open `pathname` (docs/product.md §2). */
export function isPublicPage(pathname: string): boolean {
  return pageAt(pathname)?.roles.includes('Unauthenticated') ?? false;
}
