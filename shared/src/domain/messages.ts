import { msg } from '../i18n/message-ref.ts';

// Texts the spec fixes (docs/product.md §5 and §8); used by server and web alike, as message
// references (decision 037): whoever shows one translates it (the server's answer, tm() in the app).
export const MESSAGES = {
  required: msg('field.required'),
  email: msg('field.email'),
  minLength: (min: number) => msg('field.minLength', { min }),
  phone: msg('field.phone'),
  passwordLength: msg('field.passwordLength'),
  passwordsMatch: msg('field.passwordsMatch'),
  postalCode: msg('field.postalCode'),
  contactSent: msg('server.contactSent'),
  somethingWrong: (status: number) => msg('server.somethingWrong', { status }),
  needsAuthentication: msg('server.needsAuthentication'),
  noPermission: msg('server.noPermission'),
  addSpectator: msg('server.addSpectator'),
  removeSpectator: msg('server.removeSpectator'),
  addLunch: msg('server.addLunch'),
  removeLunch: msg('server.removeLunch'),
} as const;
