/** "First Last" as staff screens show a person; null when there is no person (no first name). */
export const fullName = (first: string | null, last: string | null): string | null =>
  first === null ? null : `${first} ${last ?? ''}`.trim();
