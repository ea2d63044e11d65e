import { ADMIN_REGISTRATION_API } from './admin-registrations.ts';
import { ADMIN_REPORT_API } from './admin-reports.ts';
import { BACKUP_API } from './backups.ts';
import { COMMUNICATION_API } from './communications.ts';
import { DATA_ACCESS_API } from './data-access.ts';
import { DEV_API } from './dev.ts';
import type { Endpoint } from './endpoint.ts';
import { FILE_API } from './files.ts';
import { MATCHDAY_API } from './matchday.ts';
import { MATCHMAKING_API } from './matchmaking.ts';
import { PRIVACY_API } from './privacy.ts';
import { PUBLIC_API } from './public.ts';
import { REGISTRATION_API } from './registration.ts';
import { SETTINGS_API } from './settings-api.ts';
import { STAFF_API } from './staff.ts';
import { SYSTEM_API } from './system.ts';
import { USER_API } from './users.ts';

// Every endpoint of the contract (decision 035), for the tests that hold the server to it
// (sync-server/src/route-matrix.test.ts). The sync protocol (/sync) and the unsubscribe page
// (an HTML answer) are declared raw on the server (defineRawRoute) and are not listed.

export const CONTRACT_AREAS = {
  registration: REGISTRATION_API,
  users: USER_API,
  public: PUBLIC_API,
  adminRegistrations: ADMIN_REGISTRATION_API,
  reports: ADMIN_REPORT_API,
  files: FILE_API,
  dev: DEV_API,
  system: SYSTEM_API,
  settings: SETTINGS_API,
  communications: COMMUNICATION_API,
  matchmaking: MATCHMAKING_API,
  matchday: MATCHDAY_API,
  backups: BACKUP_API,
  dataAccess: DATA_ACCESS_API,
  privacy: PRIVACY_API,
  staff: STAFF_API,
} as const;

export const CONTRACT_ENDPOINTS: readonly Endpoint[] = Object.values(CONTRACT_AREAS).flatMap(
  (area) => Object.values(area) as Endpoint[],
);
