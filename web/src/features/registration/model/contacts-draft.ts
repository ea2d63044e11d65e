import { ContactsUpdateSchema } from '@shared/contract/registration.ts';

// The registration's contacts as typed (drafts), what of them the server would store, and
// the copy kept on the device until they are saved (decision 027).

export type ContactDraft = {
  name: string;
  email: string;
  phoneNumber: string;
  sms: '' | 'yes' | 'no';
  mail: '' | 'yes' | 'no';
};
export const choice = (v: boolean | null): '' | 'yes' | 'no' => (v === null ? '' : v ? 'yes' : 'no');
const fromChoice = (v: '' | 'yes' | 'no'): boolean | null => (v === '' ? null : v === 'yes');

export const EMPTY_CONTACT: ContactDraft = { name: '', email: '', phoneNumber: '', sms: '', mail: '' };

export function toContactsInput(drafts: readonly ContactDraft[]) {
  return {
    contacts: drafts.map((d) => ({
      name: d.name,
      email: d.email,
      phoneNumber: d.phoneNumber || null,
      agreedToSmsDivisionNotifications: fromChoice(d.sms),
      agreedToEmailDivisionNotifications: fromChoice(d.mail),
    })),
  };
}

/** The contacts as saved: what the server would store for these drafts, or null while they cannot be. */
export function savable(drafts: readonly ContactDraft[]): string | null {
  const parsed = ContactsUpdateSchema.safeParse(toContactsInput(drafts));
  return parsed.success ? JSON.stringify(parsed.data.contacts) : null;
}

/** Typed contacts kept on the device until saved, so leaving and coming back loses nothing. */
const draftKey = (registrationId: number) => `nomac:contacts-draft:${registrationId}`;
export function readDraft(registrationId: number): ContactDraft[] | null {
  try {
    const text = sessionStorage.getItem(draftKey(registrationId));
    return text ? (JSON.parse(text) as ContactDraft[]) : null;
  } catch {
    return null;
  }
}
export function writeDraft(registrationId: number, drafts: ContactDraft[] | null): void {
  try {
    if (drafts) sessionStorage.setItem(draftKey(registrationId), JSON.stringify(drafts));
    else sessionStorage.removeItem(draftKey(registrationId));
  } catch {
    // Private browsing without storage: autosave still runs.
  }
}

export type SaveState = 'saved' | 'saving' | 'unsaved' | 'failed';
