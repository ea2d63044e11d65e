// Texts of the server area (see index.ts). English texts are the spec's, exact.
export const server = {
  // Field errors (docs/product.md §5): zod messages of the shared schemas.
  'field.required': 'Value is required',
  'field.email': 'Value is not a valid email address',
  'field.minLength': 'This field should be at least {min} characters long',
  'field.phone': 'Please enter a valid 10 digit phone number',
  'field.passwordLength': 'Passwords must be at least 8 characters',
  'field.passwordsMatch': 'Passwords must match',
  'field.postalCode': 'Please enter a valid Canadian postal code',
  'field.control': 'Please remove the control characters from this field',
  'field.lineBreak': 'Please keep this field on one line',
  'field.direction': 'Please remove the invisible text-direction characters from this field',
  'field.broken': 'This field has characters that are not allowed',
  'field.notValid': 'This value is not valid',
  'field.tooLong': 'This field should be at most {max} characters long',
  'field.timeZone': 'Please choose a valid time zone',
  // The error catalogue (docs/product.md §8).
  'server.contactSent': 'Thank you! Your message has been sent to our team.',
  'server.somethingWrong': '({status}) Something went wrong, please try again later or contact us for help.',
  'server.needsAuthentication':
    'This resource requires authentication, please contact your system administrator.',
  'server.noPermission':
    'You do not have the required permissions to access this resource. Please contact us if you believe this is an error.',
  'server.addSpectator': 'Could not add spectator pass. ',
  'server.removeSpectator': 'Could not remove spectator pass. ',
  'server.addLunch': 'Could not add lunch ticket. ',
  'server.removeLunch': 'Could not remove lunch ticket. ',
  // The app's calm text of a request that got no answer (web/src/lib/api-client.ts).
  'error.offline': 'You are offline. This needs a connection: try again when the network is back.',
  'server.invalidArgsField': 'This change was malformed and could not be applied. {field}: {problem}',
  'server.invalidArgsProblem': 'This change was malformed and could not be applied. {problem}',
  'server.tooLarge': 'The request is too large.',
  'server.requestNotValid': 'The request is not valid.',
  'server.unavailable': 'The service is briefly unavailable. Please try again in a moment.',
  // Not found: what was asked for is not there, or not the caller's to see.
  'server.notFound': 'The requested resource was not found',
  'server.notFound.competitor': 'The competitor was not found',
  'server.notFound.competitorLevel': 'The competitor level was not found',
  'server.notFound.division': 'The division was not found',
  'server.notFound.event': 'The event was not found',
  'server.notFound.eventType': 'The event type was not found',
  'server.notFound.matchmakingDraft': 'The matchmaking draft was not found',
  'server.notFound.message': 'The message was not found',
  'server.notFound.ring': 'The ring was not found',
  'server.notFound.template': 'The template was not found',
  'server.notFound.tournament': 'The tournament was not found',
  // Registration (shared/src/contract/registration.ts).
  'registration.completed':
    'This registration is complete and can no longer be changed online. Please contact us to make changes.',
  'registration.alreadyCompleted': 'This registration is already complete.',
  'registration.closed': 'Online registration is currently closed',
  'registration.lunchNotOnSale': 'Lunch tickets are not on sale for this tournament.',
  'registration.noSpectatorToRemove': 'There are no spectator passes to remove.',
  'registration.noLunchToRemove': 'There are no lunch tickets to remove.',
  'registration.tooManyPasses': 'At most {max} can be added to one registration.',
  'registration.nothingToPay':
    'Please add a competitor, spectator pass or lunch ticket before completing the registration.',
  'registration.tooManyContacts': 'At most {max} contacts can be added to one registration.',
  'registration.paymentUnavailable': 'Online payment is not available right now, please try again later.',
  'registration.cardUnavailable':
    'Paying by card is not available right now. Please choose to pay at the door.',
  // A director's registrations and viewing as a customer (shared/src/contract/admin-registrations.ts).
  'adminRegistration.noReceipt': 'This registration has no receipt yet, so there is nothing to resend.',
  'adminRegistration.receiptResent': 'The receipt was sent again to {email}.',
  'adminRegistration.receiptNotSent': 'The receipt could not be e-mailed right now, please try again later.',
  'adminRegistration.noEmail':
    'This registration was made at the door without an account, so there is no address to send the receipt to: print it from "View the receipt" instead.',
  'adminRegistration.impersonationNotAllowed':
    'Only a tournament director or super admin can view the site as a customer.',
  'adminRegistration.impersonationInvalid': 'The UserContext header must be a numeric user id.',
  'adminRegistration.impersonationUnknown': 'There is no account with that user id to view as.',
  'adminRegistration.impersonationStaff': 'Staff accounts cannot be viewed as; only customers can.',
  // Settings: event types, divisions, tournament dates.
  'eventType.judges': 'Choose 3 or 5 judges',
  'eventType.score': 'Please enter a score from -9999 to 9999 with at most two decimals',
  'eventType.scoreOrder': 'The highest score must be above the lowest',
  'eventType.minutes': 'Please enter minutes above 0 (at most 600, two decimals)',
  'eventType.thirdPlace': 'Choose a shared third place or a match for third',
  'division.ageRange': 'The minimum age must not be above the maximum age',
  'division.weightRange': 'The minimum weight must not be above the maximum weight',
  'division.sizeRange': 'The minimum size must not be above the maximum size',
  'tournamentDate.notADay': 'Please enter a valid date',
  'tournamentDate.opensBeforeCloses': 'Registration must open on or before the day it closes',
  'tournamentDate.closesBeforeTournament': 'Registration must close before the tournament date',
  // Matchmaking and communications (sync-server/src/services).
  'server.matchmaking.confirmRepublish':
    'Publishing again changes published divisions: review the changes and confirm',
  'server.matchmaking.unknownEventType': 'One of the chosen event types no longer exists',
  'server.matchmaking.alreadyPlaced': 'The competitor is already in a division of that event type',
  'server.matchmaking.notWaiting':
    'That division runs event types the competitor is not waiting to be placed in',
  'server.smsDisabled': 'SMS notifications are turned off (AllowSmsNotifications).',
  // Accounts (shared/src/contract/users.ts).
  'user.registered': 'Thank you for signing up! Please check your e-mail for a link to verify your account.',
  'user.verified': 'Your account has been verified. You can now sign in.',
  'user.verifyFailed':
    'This verification link is invalid, has already been used or has expired. Please sign up again or contact us for help.',
  'user.badCredentials': 'The e-mail address or password is incorrect.',
  'user.unverified':
    'Your account has not been verified yet. Please follow the link in the e-mail we sent you when you signed up (it may take up to 5 minutes to arrive).',
  'user.forgotSent':
    'If an account exists for that e-mail address, we have sent it a link to reset the password.',
  'user.resetDone': 'Your password has been changed.',
  'user.resetFailed':
    'This password reset link is invalid, has already been used or has expired. Please request a new one.',
  'user.refreshFailed': 'Your session has expired, please sign in again.',
  'user.loggedOut': 'You have been signed out.',
  'user.googleUnavailable': 'Google sign-in is not available.',
  'user.googleFailed': 'Google sign-in failed, please try again or sign in with your e-mail and password.',
  'user.googleUnverified': 'Your Google account e-mail address is not verified.',
  'user.commonPassword':
    'This password is one of the most commonly used and easy to guess. Please choose another one.',
  'user.tooManyAttempts':
    'Too many sign-in attempts for this account. Please wait 15 minutes, or sign in on a device you have used before.',
  // Door payments and walk-ins (shared/src/domain/door.ts).
  'door.registrationNotFound': 'This registration is not for the next tournament.',
  'door.paymentNotFound': 'This payment is not one of the next tournament.',
  'door.paymentIdTaken': 'This payment id belongs to another registration.',
  'door.alreadyRecorded': 'This payment was already recorded.',
  'door.alreadyVoided': 'This payment was already voided.',
  'door.tenderedCashOnly': 'Only a cash payment has cash handed over.',
  'door.tenderedTooLittle': 'The cash handed over must be at least the amount paid.',
  'door.amount': 'Please enter a whole dollar amount between 1 and 100000.',
  'door.method': 'Please choose cash, card terminal or e-transfer.',
  'door.voidReason': 'Please give a reason for voiding this payment.',
  'door.voidOnline': 'Online payments are refunded through Stripe, not voided here.',
  'door.competitorCount': 'A walk-in registers between 1 and 10 competitors.',
  'door.invalidCompetitor': 'Competitor {n}: {problems}',
  'door.overBalance':
    'This payment is more than the balance owing (${owing}). A tournament director must confirm a payment above the balance.',
  'door.overBalanceDirector':
    'Only a tournament director or super admin can confirm a payment above the balance owing.',
  // Check-in (shared/src/domain/mutators/check-in.ts).
  'checkIn.rule.competitorNotFound': 'This competitor is not registered for the next tournament.',
  'checkIn.rule.registrationNotFound': 'This registration is not for the next tournament.',
  'checkIn.rule.noCompetitors': 'This registration has no competitors to check in.',
  'checkIn.rule.alreadyCheckedInBy': 'Already checked in by {name}.',
  'checkIn.rule.alreadyCheckedIn': 'Already checked in.',
  // A change queued on a device that the rules refused (shared/src/domain/mutators/types.ts).
  'mutation.unknown': 'This change ({name}) is not known to the server; please update the app.',
  'mutation.invalidArgs': 'This change was malformed and could not be applied.',
  'mutation.refusedByDatabase':
    'This change was malformed and could not be applied: the server could not store one of its values. Please check what was entered and enter it again.',
  // File sharing (shared/src/domain/files.ts).
  'file.empty': 'The file is empty.',
  'file.tooLarge': 'The file is larger than 10 MB.',
  'file.wrongType': 'Only PDF files and photos (JPEG, PNG, WebP or HEIC) can be shared.',
  'file.pathInName': 'The file name must not contain a folder path.',
  'file.badName': 'The file name has characters that are not allowed.',
  'file.longName': 'The file name must be at most {max} characters.',
  'file.missing': 'Choose a file.',
  'file.chooseRegistration': 'Choose the registration this file is for.',
  'file.tooManyFiles':
    'This registration already has {max} files, the most it can hold. Delete a file you sent to send another.',
  'file.registrationFull':
    "This file would take this registration's files over {max} ({used} used so far). Delete a file you sent to make room.",
  'file.tooManyUploads':
    'Too many files sent in a short time. Please try again in {minutes, plural, one {# minute} other {# minutes}}.',
  'file.diskFull':
    'The site is short of storage space and cannot take files right now. Please try again later, or bring the paper with you to the tournament.',
  'file.sizeMb': '{size, number, ::.0 group-off} MB',
  'file.sizeKb': '{size} KB',
  // Rings (sync-server/src/services/rings.ts).
  'ring.hasRun':
    '{name} has a current or completed division, so it stays (its results belong to it): close it instead.',
  // The Idempotency-Key header (sync-server/src/http/idempotency.ts).
  'idempotency.badKey': 'The Idempotency-Key header must be 1 to 255 visible characters.',
  'idempotency.otherRequest': 'This Idempotency-Key was already used for another request.',
  'idempotency.stillRunning':
    'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
  // Rate limits (sync-server/src/lib/rate-limit.ts, sync-server/src/routes/sync.ts).
  'server.rateLimited': 'Too many requests. Please wait a few minutes and try again.',
  'server.tooManyStreams': 'Too many screens are listening from this address. Please try again later.',
  // Settings and communications refusals (sync-server/src/services).
  'server.nothingToCopy': 'That tournament has no matchmaking draft to copy rules from',
  'server.unknownMergeField': 'Unknown merge field',
  'server.unknownMergeFields': 'Unknown merge field: {fields}',
  'server.matchmaking.sameLevel': 'Everyone in this division is at the same level',
  'server.matchmaking.sameAge': 'Everyone in this division is the same age',
  'server.matchmaking.sameWeight': 'Everyone in this division has the same weight',
  'server.matchmaking.combineItself': 'A division cannot be combined with itself',
  'server.matchmaking.combineEventTypes': 'Only divisions of the same event types can be combined',
  'server.matchmaking.alreadyInDivision': 'The competitor is already in that division',
  // {division}: a division's title (a generated one is itself a reference, translated too).
  'server.matchmaking.notInDivision': '{competitor} is not in {division}',
  'server.matchmaking.alreadyIn': '{competitor} is already in {division}',
  // A combined division's override, shown on its card and its sheet.
  'server.matchmaking.combined': 'Combined {target} with {source}',
  'server.matchday.ringBusy': '{ring} is running {division}: complete it first.',
};
