import { describe, expect, it } from 'vitest';
import { API_ACCESS } from './access.ts';
import { ADMIN_REGISTRATION_PATHS } from './admin-registrations.ts';
import { ADMIN_REPORT_PATHS } from './admin-reports.ts';
import { BACKUP_PATHS } from './backups.ts';
import { DEV_PATHS } from './dev.ts';
import { FILE_PATHS } from './files.ts';
import { COMMUNICATION_PATHS } from './communications.ts';
import { DATA_ACCESS_PATHS } from './data-access.ts';
import { MATCHDAY_PATHS } from './matchday.ts';
import { MATCHMAKING_PATHS } from './matchmaking.ts';
import { queryString } from './paths.ts';
import { PRIVACY_PATHS } from './privacy.ts';
import { PUBLIC_PATHS } from './public.ts';
import { REGISTRATION_PATHS } from './registration.ts';
import { SETTINGS_PATHS } from './settings.ts';
import { STAFF_PATHS } from './staff.ts';
import { SYSTEM_PATHS } from './system.ts';
import { USER_PATHS } from './users.ts';

// /api paths live in the contract (decision 035). The role table (access.ts, decision 003) is the
// list of every route; the contract's paths and the table must name the same routes.

const AREAS = {
  PUBLIC_PATHS,
  REGISTRATION_PATHS,
  USER_PATHS,
  SETTINGS_PATHS,
  ADMIN_REGISTRATION_PATHS,
  ADMIN_REPORT_PATHS,
  DEV_PATHS,
  MATCHMAKING_PATHS,
  MATCHDAY_PATHS,
  FILE_PATHS,
  COMMUNICATION_PATHS,
  BACKUP_PATHS,
  SYSTEM_PATHS,
  DATA_ACCESS_PATHS,
  PRIVACY_PATHS,
  STAFF_PATHS,
};

/** Every path of the contract in its OpenAPI form, placeholders written "{}". */
function contractPaths(): Set<string> {
  const paths = new Set<string>();
  for (const area of Object.values(AREAS)) {
    for (const path of Object.values(area) as (string | ((...args: unknown[]) => string))[]) {
      if (typeof path === 'string') paths.add(path);
      else if (path !== REGISTRATION_PATHS.passes)
        paths.add(path(...Array.from({ length: path.length }, () => '{}')));
    }
  }
  for (const kind of ['spectator', 'lunch'] as const) paths.add(REGISTRATION_PATHS.passes(kind, '{}'));
  return paths;
}

const tablePath = (key: string) => key.split(' ')[1]!.replace(/\{[^}]+\}/g, '{}');

describe('/api paths in the contract', () => {
  it('every /api route of the role table has its path in the contract', () => {
    const paths = contractPaths();
    const missing = Object.keys(API_ACCESS)
      .filter((key) => key.includes(' /api/'))
      .filter((key) => !paths.has(tablePath(key)));
    expect(missing).toEqual([]);
  });

  it('every contract path is a route of the role table', () => {
    const routes = new Set(Object.keys(API_ACCESS).map(tablePath));
    expect([...contractPaths()].filter((p) => !routes.has(p))).toEqual([]);
  });

  it('a parametrised path takes the value on the web and the placeholder on the server', () => {
    expect(REGISTRATION_PATHS.get(7)).toBe('/api/registration/7');
    expect(REGISTRATION_PATHS.get('{id}')).toBe('/api/registration/{id}');
    expect(REGISTRATION_PATHS.passes('lunch', 3)).toBe('/api/registration/lunch/3');
  });

  it('a query string holds only the values that are set', () => {
    expect(queryString({})).toBe('');
    expect(queryString({ q: 'Lee & Sons', complete: false, sort: undefined, dir: '', n: null })).toBe(
      '?q=Lee+%26+Sons&complete=false',
    );
  });
});
