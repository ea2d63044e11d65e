import type { RingDay } from '@shared/domain/matchday/estimates.ts';
import type { SyncDevice } from '@shared/contract/sync.ts';
import {
  controlRoom,
  DEFAULT_BEHIND_WARNING_MINUTES,
  type ControlInput,
  type RingStatus,
  type ControlWarning,
} from '@shared/domain/matchday/index.ts';
import type { ReplicaSnapshot } from '@web/sync/replica.ts';

// The control room's input from the device's matchday rows (the replica, with the outbox's
// changes on top) and the devices the last director's pull listed; the rules are shared's.

/** The behind-schedule threshold this tournament's matchday settings hold, else the default. */
export function behindWarningMinutes(snapshot: ReplicaSnapshot): number {
  return snapshot.rows('matchdaySettings')[0]?.behindWarningMinutes ?? DEFAULT_BEHIND_WARNING_MINUTES;
}

export function controlInput(
  snapshot: ReplicaSnapshot,
  devices: readonly SyncDevice[],
  now: Date,
  devicesAsOf?: Date,
  ringDay: RingDay | null = null,
): ControlInput {
  return {
    rings: snapshot.rows('rings'),
    divisions: snapshot.rows('divisions'),
    entries: snapshot.rows('divisionEntries'),
    scores: snapshot.rows('scores'),
    matchResults: snapshot.rows('matchResults'),
    results: snapshot.rows('divisionResults'),
    checkedIn: new Map(snapshot.rows('competitors').map((c) => [c.id, c.checkedInAt !== null])),
    devices,
    now,
    devicesAsOf,
    // The list comes with a director's matchday pulls: before this device has synced, none.
    devicesHeard: devicesAsOf !== undefined,
    behindWarningMinutes: behindWarningMinutes(snapshot),
    ringDay,
  };
}

export function controlView(
  snapshot: ReplicaSnapshot,
  devices: readonly SyncDevice[],
  now: Date,
  devicesAsOf?: Date,
  ringDay: RingDay | null = null,
): { rings: RingStatus[]; warnings: ControlWarning[] } {
  return controlRoom(controlInput(snapshot, devices, now, devicesAsOf, ringDay));
}
