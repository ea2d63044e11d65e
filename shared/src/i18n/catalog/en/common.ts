// Words every part of the product uses: the language switch, buttons, formats, the app's
// chrome (staff header, admin navigation, sync indicator, update banner, shared form fields).
// English texts are the spec's, exact (docs/product.md); keys are `area.what`.
export const common = {
  'format.about': 'about {time}',
  'app.manifest.name': 'Northern Ontario Martial Arts Championship',
  'app.manifest.description':
    'Registration, check-in and matchday of the Northern Ontario Martial Arts Championship.',
  'language.switchTo': 'Français',
  'language.switchToShort': 'FR',
  'language.switchLabel': 'Lire ce site en français',

  // Buttons and states.
  'common.close': 'Close',
  'common.cancel': 'Cancel',
  'common.edit': 'Edit',
  'common.logout': 'Logout',
  'common.tryAgain': 'Try again',
  'common.loading': 'Loading...',
  'common.select': 'Select...',
  'common.opensInNewTab': ' (opens in a new tab)',
  'common.somethingWentWrong': 'Something went wrong.',
  'common.backHome': 'Back to the home page',
  'common.skipToContent': 'Skip to content',
  'common.dismissAlert': 'Dismiss alert',
  'common.notifications': 'Notifications',
  'common.closeNotification': 'Close notification',
  'common.scheme.dark': 'Switch to dark mode',
  'common.scheme.light': 'Switch to light mode',

  // The staff header and the admin navigation.
  'common.staffHeader.staff': 'Staff',
  'common.staffHeader.account': 'Account',
  'common.staffHeader.publicSite': 'Public site',
  'common.admin.nav': 'Admin',
  'common.admin.more': 'More',

  // The settings pages' list editor.
  'common.list.order': 'Order',
  'common.list.actions': 'Actions',
  'common.list.editItem': 'Edit {label}',
  'common.list.moveUp': 'Move {label} up',
  'common.list.moveDown': 'Move {label} down',
  'common.list.remove': 'Remove',
  'common.list.removeItem': 'Remove {label}',
  'common.list.confirmRemove': 'Confirm remove',
  'common.list.confirmRemoveItem': 'Confirm removing {label}',

  // Fields several forms share.
  'common.field.firstName': 'First name',
  'common.field.lastName': 'Last name',
  'common.field.email': 'Email',
  'common.competitor.dateOfBirth': 'Date of birth',
  'common.competitor.gender': 'Gender',
  'common.competitor.male': 'Male',
  'common.competitor.female': 'Female',
  'common.competitor.level': 'Competitor level',
  'common.competitor.weight': 'Weight (kg)',
  'common.competitor.school': 'School or club',
  'common.competitor.emergencyName': 'Emergency contact name',
  'common.competitor.emergencyPhone': 'Emergency contact phone',
  'common.competitor.relationship': 'Relationship to competitor',

  // The door's shared parts (check-in, payments, walk-in).
  'common.door.search': 'Search by name or confirmation code',
  'common.door.noMatch': 'No registration matches.',
  'common.door.showing': 'Showing {shown} of {total}: search to narrow down.',
  'common.door.paymentMethod': 'Payment method',
  'common.door.amount': 'Amount ($)',
  'common.door.tendered': 'Amount tendered ($)',
  'common.door.changeDue': 'Change due {amount}',
  'common.door.tenderedInvalid': 'Please enter the cash handed over in whole dollars, or leave it empty.',

  // A division's generated title (shared/src/domain/matchmaking/titles.ts): the gender word, the
  // ages, the level names (data, as entered) and the weights. "Girls 10-11 Intermediate",
  // "Men 35+ Black Belt up to 70 kg", "Mixed 6 30-40 kg", "Women 18-34 70 kg and over".
  'division.title':
    '{gender, select, girls {Girls} boys {Boys} women {Women} men {Men} other {Mixed}}' +
    ' {age, select, open {{minAge}+} one {{minAge}} other {{minAge}-{maxAge}}}' +
    '{withLevels, select, yes { {levels}} other {}}' +
    '{weight, select,' +
    ' range { {minKg, number, kg}-{maxKg, number, kg} kg}' +
    ' upTo { up to {maxKg, number, kg} kg}' +
    ' over { {minKg, number, kg} kg and over}' +
    ' other {}}',
  // One half of a split division: "Girls 10-11 Intermediate (2)".
  'division.title.part': '{title} ({part})',

  // The sync indicator of staff screens.
  'common.sync.label': 'Sync status',
  'common.sync.workingOffline': 'Working offline.',
  'common.sync.offlineExplained':
    'Everything you do is kept on this device and sent when the network is back.',
  'common.sync.offline': 'Offline',
  'common.sync.online': 'Online',
  'common.sync.checking': 'Checking for unsent changes…',
  'common.sync.allSent': 'All changes sent',
  'common.sync.nothingToSend': 'No changes to send',
  'common.sync.pending': '{count, plural, one {# change} other {# changes}} not yet sent',
  'common.sync.lastSynced': 'Last synced {time}',
  'common.sync.notSynced': 'Not synced yet',
  'common.sync.syncing': 'Syncing…',
  'common.sync.discard': 'Discard them',
  'common.sync.discardConfirm':
    'Discard the changes the other account has not sent? They cannot be recovered.',
  'common.sync.sessionExpired': 'Your session expired: sign in again to send your changes. Nothing is lost.',
  'common.sync.syncNow': 'Sync now',
  'common.sync.refused': '{count, plural, one {# change was} other {# changes were}} refused',
  'common.sync.otherPersons':
    'This tablet holds changes another account made that are not yet sent. Sign in as that account to send them, or discard them.',
  'common.sync.signInAgain': 'Sign in again to send your changes.',
  'common.sync.serverRefused': 'The server refused this change.',
  'common.sync.firstSync':
    'Loading registrations from the server… This screen works offline once they are here.',
  // "3 check-ins sent", "2 check-ins and 1 payment sent" (decision 028).
  'common.sync.sent': '{list} sent',
  'common.sync.sentAnd': '{first} and {last}',
  'common.sync.sent.checkIns': '{count, plural, one {# check-in} other {# check-ins}}',
  'common.sync.sent.undoneCheckIns': '{count, plural, one {# undone check-in} other {# undone check-ins}}',
  'common.sync.sent.familyCheckIns': '{count, plural, one {# family check-in} other {# family check-ins}}',
  'common.sync.sent.payments': '{count, plural, one {# payment} other {# payments}}',
  'common.sync.sent.voidedPayments': '{count, plural, one {# voided payment} other {# voided payments}}',
  'common.sync.sent.walkIns': '{count, plural, one {# walk-in} other {# walk-ins}}',
  'common.sync.sent.changes': '{count, plural, one {# change} other {# changes}}',

  // The update banner and the unsent-changes notice (sync/pwa.tsx).
  'common.pwa.updateAvailable': 'Update available',
  'common.pwa.update': 'Update',
  'common.pwa.updating': 'Updating…',
  'common.pwa.pending':
    '{count, plural, one {# change is} other {# changes are}} not yet sent to the server.',
  'common.pwa.updateQuestion':
    '{count, plural, one {They are kept and sent after the update. Update now?} other {They are kept and sent after the update. Update now?}}',
  'common.pwa.logoutQuestion':
    '{count, plural, one {Logging out deletes them. Log out anyway?} other {Logging out deletes them. Log out anyway?}}',
  'common.pwa.unsent': 'Changes made on this device are not yet sent. Sign in again to send them.',
  'common.pwa.signIn': 'Sign in',
};
