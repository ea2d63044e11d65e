// Texts the spec fixes (docs/product.md §5 and §8); used by server and web alike.
export const MESSAGES = {
  required: 'Value is required',
  email: 'Value is not a valid email address',
  minLength: (min: number) => `This field should be at least ${min} characters long`,
  phone: 'Please enter a valid 10 digit phone number',
  passwordLength: 'Passwords must be at least 8 characters',
  passwordsMatch: 'Passwords must match',
  postalCode: 'Please enter a valid Canadian postal code',
  contactSent: 'Thank you! Your message has been sent to our team.',
  somethingWrong: (status: number) =>
    `(${status}) Something went wrong, please try again later or contact us for help.`,
  needsAuthentication: 'This resource requires authentication, please contact your system administrator.',
  noPermission:
    'You do not have the required permissions to access this resource. Please contact us if you believe this is an error.',
  addSpectator: 'Could not add spectator pass. ',
  removeSpectator: 'Could not remove spectator pass. ',
  addLunch: 'Could not add lunch ticket. ',
  removeLunch: 'Could not remove lunch ticket. ',
} as const;
