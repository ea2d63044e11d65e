// Texts of the account area (see index.ts). English texts are the spec's, exact.
export const account = {};
