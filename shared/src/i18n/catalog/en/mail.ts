// Texts of what goes out to a person (see index.ts): e-mails, SMS, notices, receipts, the
// unsubscribe page. English texts are the spec's, exact.
export const mail = {};
