// Texts of what goes out to a person (see index.ts): e-mails, SMS, notices, receipts, the
// unsubscribe page. English texts are the spec's, exact. Each goes out in the language of the
// account it belongs to (`translatorFor(account.language)` on the server).
export const mail = {
  // ---- account e-mails (services/accounts.ts)
  'mail.hello': 'Hello {firstName},',
  'mail.verify.subject': '{prefix} please verify your e-mail address',
  'mail.verify.body':
    'Thank you for signing up with the {siteName}. Please follow this link within 24 hours to verify your e-mail address:',
  'mail.alreadyRegistered.subject': '{prefix} you already have an account',
  'mail.alreadyRegistered.body':
    'Someone (perhaps you) tried to sign up with the {siteName} using this e-mail address, but you already have an account. You can sign in, or reset your password if you have forgotten it:',
  'mail.reset.subject': '{prefix} reset your password',
  'mail.reset.body':
    'We received a request to reset the password of your {siteName} account. Follow this link within one hour to choose a new password. If you did not ask for this, you can ignore this e-mail.',
  /** PUT /api/users/language's answer, in the language chosen. */
  'mail.languageSaved': 'Your language has been saved.',
  // An account idle for years, deleted after this notice (decision 046; services/retention.ts).
  'mail.inactive.subject':
    '{prefix} your account will be deleted in {days, plural, one {# day} other {# days}}',
  'mail.inactive.body':
    'No one has signed in to your {siteName} account for {years} years. To protect your information, we will delete it, with your competitors\' details, in {days, plural, one {# day} other {# days}}. Results stay, showing "Former competitor". To keep your account, simply sign in:',

  // ---- words of merged and built texts
  /** "Maya, Sam and Leo": `rest` is every name but the last, joined with ", ". */
  'mail.list': '{rest} and {last}',
  /** A communication's {{firstName}} when the account has none ("Hello there"). */
  'mail.merge.noFirstName': 'there',
  'mail.merge.toBeAnnounced': 'to be announced',

  // ---- automatic notices (shared/src/domain/notices.ts)
  'mail.notice.upSoon.subject': 'Your division is up soon in {ring}',
  'mail.notice.upSoon.textWith':
    'Your division is up soon in {ring}: {division} ({competitors}). Please head to the ring.',
  'mail.notice.published.subject': 'Divisions are published for {competitor}',
  'mail.notice.changed.subject': 'A division changed for {competitor}',
  'mail.notice.moved.text': 'Division change: {competitor} moved from {from} to {to}.',
  'mail.notice.removed.text': 'Division change: {competitor} is no longer in {from}.',
  'mail.notice.renamed.text': "Division change: {competitor}'s division {from} is now {to}.",
  // one message per family (shared/src/domain/family-notices.ts)
  'mail.notice.day.published': 'Divisions are published.',
  'mail.notice.day.heading': "Your family's day:",
  'mail.notice.day.line': '{competitor}: {division}, {ring}, about {time}',
  'mail.notice.day.lineNoTime': '{competitor}: {division}, {ring}',
  'mail.notice.day.lineNoRing': '{competitor}: {division}, ring to be announced',
  'mail.notice.day.empty': 'No division for now.',
  'mail.notice.day.link': 'Your day: {link}',
  // rings set or changed (shared/src/domain/ring-notices.ts)
  'mail.notice.rings.subject':
    '{divisions, plural, one {Ring and time} other {Rings and times}} for {competitor}',
  'mail.notice.rings.heading': "Your family's rings and estimated times (times may move during the day):",
  'mail.notice.upSoon.several': 'Your divisions are up soon: {divisions}. Please head to the rings.',
  'mail.notice.upSoon.item': '{division} in {ring} ({competitors})',
  'mail.notice.result.subject': 'Results: {division}',
  'mail.notice.result.heading': 'Results of {division}:',
  'mail.notice.result.correctedSubject': 'Corrected results: {division}',
  'mail.notice.result.correctedHeading':
    'Corrected results of {division} (this replaces the earlier message):',
  'mail.notice.result.place':
    '{competitor}, {eventType}: {place, selectordinal, one {#st} two {#nd} few {#rd} other {#th}} place, {points} points',
  'mail.notice.result.noPlace': '{competitor}, {eventType}: no placing',
  'mail.notice.closeReminder.subject': 'Registration closes soon: your registration is not complete',
  'mail.notice.closeReminder.text':
    'Your registration for the tournament on {tournamentDay} is not complete yet.\nOnline registration closes after {closesAfter}.\nFinish it here: {link}',

  // ---- communications and notices by e-mail: the footer (services/send-pipeline.ts)
  /** The last line of every SMS (Twilio's STOP keyword works in both languages). */
  'mail.sms.stopLine': 'Reply STOP to stop these messages.',
  'mail.unsubscribe.footer': 'To stop these e-mails, unsubscribe: {url}',

  // ---- the unsubscribe page (routes/communications.ts)
  'mail.unsubscribe.title': 'Unsubscribe',
  'mail.unsubscribe.question': 'Stop e-mails from us to <b>{address}</b>?',
  'mail.unsubscribe.button': 'Unsubscribe',
  'mail.unsubscribe.doneTitle': 'You are unsubscribed',
  'mail.unsubscribe.done':
    'We will not send more e-mails to <b>{address}</b>. Receipts and account e-mails you ask for still arrive.',
  'mail.unsubscribe.badLink':
    'This unsubscribe link is not valid. Please use the link in your most recent e-mail.',

  // ---- the receipt e-mail (services/receipts.ts)
  'mail.receipt.subject': 'Your registration receipt: {code}',
  'mail.receipt.code': 'Confirmation code: <b>{code}</b>',
  'mail.receipt.total': 'Total: {amount}',
  'mail.receipt.paid': 'Paid: {amount}',
  'mail.receipt.balance': 'Balance owing: {amount}',
  'mail.receipt.link': 'Your receipt: {url}',
  'mail.receipt.showQr': 'Show the QR code in this e-mail (or your confirmation code) at check-in.',
  'mail.receipt.qrAlt': 'Check-in QR code',
  'mail.receipt.view': 'View and print your receipt',
  // Receipts: stored as message references, read in each reader's language.
  'receipt.item.competitor': 'Competitor registration: {name}',
  'receipt.item.competitorAtDoor': 'Competitor registration at the door: {name}',
  'receipt.item.spectator': 'Spectator pass',
  // A line of an erased family's receipt (decision 046): the amount stays, the name goes.
  'receipt.item.erasedCompetitor': 'Competitor registration',
  'receipt.item.erasedCompetitorAtDoor': 'Competitor registration at the door',
  'receipt.item.balance': 'Registration balance',
  'receipt.item.lunch': 'Lunch ticket',
  'receipt.title.payAtDoor': 'Registration confirmed: pay at the door',
  'receipt.title.paidAtDoor': 'Registration confirmed: paid at the door',
  'receipt.title.paidOnline': 'Registration confirmed: paid online',
  'receipt.title.voided': 'Payment voided',
  'receipt.description': 'Registration #{id}{where}: {parts}. {paid}',
  'receipt.where': ' for the tournament on {day, date, day} in {city}',
  'receipt.parts':
    '{competitors, plural, one {# competitor} other {# competitors}}{spectators, plural, =0 {} one {, # spectator pass} other {, # spectator passes}}{lunch, plural, =0 {} one {, # lunch ticket} other {, # lunch tickets}}',
  'receipt.balance':
    '{state, select, owing {Balance owing: {amount, number, money}} refund {Refund due {amount, number, money}} other {Paid in full}}',
  'receipt.paid.voided':
    'A {method, select, online {online} cash {cash} card {card terminal} other {e-transfer}} payment of {amount, number, money} was voided. {balance}.',
  'receipt.paid.payAtDoor': 'Pay at the door: {amount, number, money} balance owing.',
  'receipt.paid.atDoor':
    'Paid at the door ({method, select, online {Online} cash {Cash} card {Card terminal} other {E-transfer}}): {amount, number, money}. {balance}.',
  'receipt.paid.online': 'Paid online: {amount, number, money}. Balance owing: {owing, number, money}.',
  // A volunteer invited from the Staff page (decision 049).
  'mail.invite.subject': '{prefix} you are invited to help run the tournament',
  'mail.invite.body':
    '{inviter} has invited you to the {siteName} staff as {role, select, CheckInAdmin {a check-in admin} RingOfficial {a ring official} TournamentDirector {a tournament director} SuperAdmin {a super admin} other {staff}}. Follow this link within 72 hours to choose your password; it works once. If you did not expect this, you can ignore this e-mail.',
};
