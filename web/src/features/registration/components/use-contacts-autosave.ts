import { ContactsUpdateSchema, type ContactInput, type Registration } from '@shared/contract/registration.ts';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type RefObject } from 'react';
import { useAction } from '@web/lib/action.ts';
import { useForm } from '@web/lib/form.ts';
import { refreshRegistrations, saveContacts } from '../api/registration.ts';
import {
  choice,
  readDraft,
  savable,
  toContactsInput,
  writeDraft,
  type ContactDraft,
  type SaveState,
} from '../model/contacts-draft.ts';

/** What the page asks of the contacts before it moves on: save what is unsaved, or say why not. */
export interface ContactsHandle {
  /** True once everything typed is saved; false (messages shown, focus on the first) when it cannot be. */
  flush: () => Promise<boolean>;
}

/**
 * The registration's contacts, saved as they are typed like everything else on the page
 * (decision 027): when a field is left or a choice made, the contacts save if they
 * are complete; until then they are kept on the device and the page says they are not saved.
 */
export function useContactsAutosave({
  registration,
  locked,
  handle,
}: {
  registration: Registration;
  locked: boolean;
  handle: RefObject<ContactsHandle | null>;
}) {
  const registrationId = registration.registrationId;
  const fromServer = (): ContactDraft[] =>
    registration.contacts.map((c) => ({
      name: c.name,
      email: c.email,
      phoneNumber: c.phoneNumber ?? '',
      sms: choice(c.agreedToSmsDivisionNotifications),
      mail: choice(c.agreedToEmailDivisionNotifications),
    }));
  const [initial] = useState(() => {
    const server = fromServer();
    return { server: savable(server), drafts: (!locked && readDraft(registrationId)) || server };
  });
  /** The contacts last saved (or loaded), as the server keeps them. */
  const saved = useRef(initial.server);
  const save = useAction(async (body: string) => {
    await saveContacts(registrationId, JSON.parse(body) as ContactInput[]);
    saved.current = body;
    refreshRegistrations();
  });
  const form = useForm({
    schema: ContactsUpdateSchema,
    initial: { contacts: initial.drafts },
    toInput: (v) => toContactsInput(v.contacts),
    onSubmit: async (_checked, values) => {
      const body = savable(values.contacts);
      if (body !== null && body !== saved.current) await save.run(body);
    },
  });
  const drafts = form.values.contacts;
  const current = savable(drafts);
  const state: SaveState = save.busy
    ? 'saving'
    : save.error
      ? 'failed'
      : current !== null && current === saved.current
        ? 'saved'
        : 'unsaved';

  // Keep what is typed on the device until it is saved.
  useEffect(() => {
    if (locked) return;
    writeDraft(registrationId, state === 'saved' ? null : drafts);
  }, [drafts, state, registrationId, locked]);

  // A save asked for (a field left, a choice made) runs once the values it should send are rendered.
  const [saveAsked, setSaveAsked] = useState(0);
  // One save at a time: a save asked for while another runs waits for it, then sends the
  // contacts if they still differ, so "Continue" never finds the action busy and gives up.
  const inFlight = useRef<Promise<unknown> | null>(null);
  const { run: runAction } = save;
  const run = useCallback(
    async (body: string): Promise<{ ok: boolean }> => {
      while (inFlight.current) await inFlight.current;
      if (body === saved.current) return { ok: true };
      const promise = runAction(body);
      inFlight.current = promise;
      try {
        return await promise;
      } finally {
        if (inFlight.current === promise) inFlight.current = null;
      }
    },
    [runAction],
  );
  useEffect(() => {
    if (saveAsked === 0 || locked || current === null || current === saved.current) return;
    void run(current);
  }, [saveAsked, current, locked, run]);
  const askSave = () => setSaveAsked((n) => n + 1);

  // Leaving the page (a link, the back button) saves what can be saved.
  const latest = useRef({ current, locked, run });
  latest.current = { current, locked, run };
  useEffect(
    () => () => {
      const { current: body, locked: wasLocked, run: runSave } = latest.current;
      if (!wasLocked && body !== null && body !== saved.current) void runSave(body);
    },
    [],
  );
  // Closing the tab with contacts not saved yet: the browser asks first.
  useEffect(() => {
    if (state !== 'unsaved' && state !== 'failed') return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [state]);

  const { submit } = form;
  useImperativeHandle(
    handle,
    () => ({
      flush: async () => {
        if (locked) return true;
        if (current === null) {
          // Shows every message and puts the focus on the first.
          await submit();
          return false;
        }
        return (await run(current)).ok;
      },
    }),
    [locked, current, submit, run],
  );

  const setDrafts = (next: ContactDraft[]) => {
    form.set('contacts', next);
    askSave();
  };

  return { form, drafts, state, askSave, setDrafts };
}
