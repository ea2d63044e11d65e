// Texts of the staff area (see index.ts). English texts are the spec's, exact.
export const staff = {};
