// Texts of the public area (see index.ts). English texts are the spec's, exact.
export const public_ = {};
