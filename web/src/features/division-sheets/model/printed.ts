import type { Sheet } from '@shared/contract/matchmaking.ts';

// When this device printed each division's sheet (decision 050): the live division's change
// version at the time. A sheet whose division has a later version has changed since it was
// printed, and the sheets list offers to reprint only those. Kept on the device (local
// storage), as the printer is.

const KEY = 'division-sheets-printed';

type Printed = Record<string, number>;

function read(): Printed {
  try {
    const value: unknown = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return value && typeof value === 'object' ? (value as Printed) : {};
  } catch {
    return {};
  }
}

/** Records the sheets just printed (or downloaded) at the versions they show. */
export function recordPrinted(sheets: readonly Sheet[]): void {
  const printed = read();
  for (const s of sheets) {
    if (s.division.changeVersion !== null) printed[String(s.division.id)] = s.division.changeVersion;
  }
  try {
    localStorage.setItem(KEY, JSON.stringify(printed));
  } catch {
    // Private mode: nothing is remembered, and no sheet is called changed.
  }
}

/** Printed on this device, and its live division has changed since. */
export function changedSincePrinted(sheet: Sheet): boolean {
  const at = read()[String(sheet.division.id)];
  return at !== undefined && sheet.division.changeVersion !== null && sheet.division.changeVersion > at;
}
