import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactMessageSchema } from '@shared/contract/public.ts';
import { DivisionInputSchema } from '@shared/contract/settings.ts';
import { MESSAGES } from '@shared/domain/messages.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '../components/page-alert.tsx';
import { TextField } from '../components/form/text-field.tsx';
import { ApiError } from './api-client.ts';
import { useForm } from './form.ts';
import { setCatalog, tm } from './i18n.tsx';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { PageAlertProvider } from './page-alert.tsx';

// useForm as a person meets it: a contact-like form on the shared schema, typed into.
const EMPTY = { firstName: '', lastName: '', email: '', phone: '', message: '' };

function ContactForm({
  onSubmit,
  native = false,
}: {
  onSubmit: (data: unknown) => unknown;
  native?: boolean;
}) {
  const form = useForm({ schema: ContactMessageSchema, initial: EMPTY, onSubmit, nativeValidity: native });
  return (
    <form noValidate aria-label="Contact" onSubmit={(e) => void form.submit(e)}>
      <TextField label="First name" required {...form.field('firstName')} />
      <TextField label="Last name" required {...form.field('lastName')} />
      <TextField label="Email" type="email" required {...form.field('email')} />
      <TextField label="Phone" {...form.field('phone')} />
      <TextField label="Message" required {...form.field('message')} />
      <button type="submit" disabled={form.busy}>
        {form.busy ? 'Sending' : 'Send'}
      </button>
    </form>
  );
}

function renderForm(onSubmit: (data: unknown) => unknown, native = false) {
  render(
    <PageAlertProvider>
      <PageAlert />
      <ContactForm onSubmit={onSubmit} native={native} />
    </PageAlertProvider>,
  );
  return userEvent.setup();
}

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/First name/), 'Kim');
  await user.type(screen.getByLabelText(/Last name/), 'Lavoie');
  await user.type(screen.getByLabelText(/Email/), 'kim@example.com');
  await user.type(screen.getByLabelText(/Message/), 'Parking?');
}

describe('useForm', () => {
  it('shows no message before a field is touched', () => {
    renderForm(vi.fn());
    expect(screen.queryByText(tm(MESSAGES.required))).not.toBeInTheDocument();
  });

  it('a field’s error shows after it is left', async () => {
    const user = renderForm(vi.fn());
    await user.click(screen.getByLabelText(/First name/));
    await user.tab();
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription(tm(MESSAGES.required));
    expect(screen.getByLabelText(/Last name/)).not.toHaveAttribute('aria-invalid');
  });

  it('validates as the user types and clears once the value is good', async () => {
    const user = renderForm(vi.fn());
    await user.type(screen.getByLabelText(/Email/), 'kim@');
    expect(screen.getByText(tm(MESSAGES.email))).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Email/), 'example.com');
    expect(screen.queryByText(tm(MESSAGES.email))).not.toBeInTheDocument();
  });

  it('a submit shows every message, focuses the first wrong field and sends nothing', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    await user.type(screen.getByLabelText(/Last name/), 'Lavoie');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.getAllByText(tm(MESSAGES.required))).toHaveLength(3);
    await waitFor(() => expect(screen.getByLabelText(/First name/)).toHaveFocus());
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('sends the schema’s output, not what the inputs show', async () => {
    const onSubmit = vi.fn();
    const user = renderForm(onSubmit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    // The shared schema turns an empty optional phone into null.
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ phone: null, firstName: 'Kim' }),
        expect.anything(),
      ),
    );
  });

  it('checks the browser’s own validity first where the form asks for it, then shows every message', async () => {
    const onSubmit = vi.fn();
    const reportValidity = vi.spyOn(HTMLFormElement.prototype, 'reportValidity');
    const user = renderForm(onSubmit, true);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(reportValidity).toHaveReturnedWith(false);
    reportValidity.mockRestore();
    // Refused: each missing field says so, the first has the focus, and nothing is sent.
    expect(screen.getAllByText(tm(MESSAGES.required))).toHaveLength(4);
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('is busy while submitting and takes one submit at a time', async () => {
    let finish: () => void = () => {};
    const onSubmit = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const user = renderForm(onSubmit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByRole('button', { name: 'Sending' })).toBeDisabled();
    finish();
    expect(await screen.findByRole('button', { name: 'Send' })).toBeEnabled();
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('a server field error shows on its field and clears when edited', async () => {
    const onSubmit = vi.fn(async () => {
      throw new ApiError(400, { errors: { email: 'This e-mail is blocked' } });
    });
    const user = renderForm(onSubmit);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByLabelText(/Email/)).toHaveAccessibleDescription('This e-mail is blocked');
    // The page alert says it too (docs/product.md §8: the errors' values joined).
    expect(screen.getByRole('alert')).toHaveTextContent('This e-mail is blocked');
    await user.type(screen.getByLabelText(/Email/), 'm');
    expect(screen.getByLabelText(/Email/)).not.toHaveAccessibleDescription('This e-mail is blocked');
  });

  it('a failed submit keeps what was typed', async () => {
    const user = renderForm(async () => {
      throw new ApiError(500, { message: 'The mail server is down' });
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The mail server is down')).toBeInTheDocument();
    expect(screen.getByLabelText(/First name/)).toHaveValue('Kim');
  });
});

// Values that are not strings (a settings form): text for numbers, a list of ids, via toInput.
function DivisionForm({ onSubmit }: { onSubmit: (data: unknown) => unknown }) {
  const form = useForm({
    schema: DivisionInputSchema,
    initial: {
      name: 'Juniors',
      minAge: '8',
      maxAge: '10',
      minSize: '2',
      maxSize: '8',
      levels: [] as number[],
    },
    toInput: (v) => ({
      name: v.name,
      minAge: Number(v.minAge),
      maxAge: Number(v.maxAge),
      gender: null,
      competitorLevelIds: v.levels,
      minWeight: null,
      maxWeight: null,
      minSize: Number(v.minSize),
      maxSize: Number(v.maxSize),
    }),
    onSubmit,
  });
  return (
    <form noValidate aria-label="Division" onSubmit={(e) => void form.submit(e)}>
      <TextField label="Minimum age" {...form.field('minAge')} />
      <label>
        <input
          type="checkbox"
          checked={form.values.levels.includes(4)}
          onChange={(e) => form.set('levels', e.target.checked ? [4] : [])}
        />
        Beginner
      </label>
      <button type="submit">Save</button>
    </form>
  );
}

describe('useForm with values that are not text', () => {
  it('sends numbers and lists made by toInput', async () => {
    const onSubmit = vi.fn();
    render(
      <PageAlertProvider>
        <DivisionForm onSubmit={onSubmit} />
      </PageAlertProvider>,
    );
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Minimum age'));
    await user.type(screen.getByLabelText('Minimum age'), '9');
    await user.click(screen.getByLabelText('Beginner'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        expect.objectContaining({ minAge: 9, competitorLevelIds: [4] }),
        expect.anything(),
      ),
    );
  });
});

describe('useForm in French (docs/decisions/037-english-and-french.md)', () => {
  afterEach(() => setCatalog('en', en));

  it('shows the schema’s field messages, references, in the page’s language', async () => {
    setCatalog('fr', fr);
    const user = renderForm(vi.fn());
    await user.click(screen.getByLabelText(/First name/));
    await user.tab();
    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription('Ce champ est obligatoire');
    await user.type(screen.getByLabelText(/Email/), 'kim@');
    expect(screen.getByText('Cette adresse courriel n’est pas valide')).toBeInTheDocument();
  });

  it('a 400’s field references and a failed action’s text are shown in French', async () => {
    setCatalog('fr', fr);
    const user = renderForm(async () => {
      throw new ApiError(400, { errors: { email: MESSAGES.email } });
    });
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByLabelText(/Email/)).toHaveAccessibleDescription(
      'Cette adresse courriel n’est pas valide',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Cette adresse courriel n’est pas valide');
  });

  it('an answer with no message says the generic text with its status', () => {
    setCatalog('fr', fr);
    expect(new ApiError(502, undefined).message).toBe(
      '(502) Une erreur s’est produite. Veuillez réessayer plus tard ou communiquer avec nous pour obtenir de l’aide.',
    );
  });
});
