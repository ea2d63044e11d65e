// Texts of the server area (see index.ts). English texts are the spec's, exact.
export const server = {};
