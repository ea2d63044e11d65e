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
};
