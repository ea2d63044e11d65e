// Texts of the venue area (see index.ts). English texts are the spec's, exact.
export const venue = {};
