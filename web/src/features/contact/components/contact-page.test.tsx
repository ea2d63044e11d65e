import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MESSAGES } from '@shared/domain/messages.ts';
import { tm } from '../../../lib/i18n.tsx';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PageAlert } from '@web/components/page-alert.tsx';
import { ApiError } from '@web/lib/api-client.ts';
import { en } from '@shared/i18n/catalog/en/index.ts';
import { fr } from '@shared/i18n/catalog/fr/index.ts';
import { setCatalog } from '@web/lib/i18n.tsx';
import { PageAlertProvider } from '@web/lib/page-alert.tsx';
import { StaticSettingsProvider } from '@web/lib/site-settings.tsx';
import { makeSettings } from '@web/testing/fixtures.ts';
import { sendContactMessage } from '../api/contact.ts';
import { ContactPage } from './contact-page.tsx';

vi.mock('../api/contact.ts', () => ({ sendContactMessage: vi.fn() }));
const send = vi.mocked(sendContactMessage);

function renderContact() {
  render(
    <StaticSettingsProvider settings={makeSettings()}>
      <PageAlertProvider>
        <MemoryRouter>
          <PageAlert />
          <ContactPage />
        </MemoryRouter>
      </PageAlertProvider>
    </StaticSettingsProvider>,
  );
  return userEvent.setup();
}

const field = (label: RegExp) => screen.getByLabelText(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/First name/), 'Kim');
  await user.type(field(/Last name/), 'Lavoie');
  await user.type(field(/Email/), 'kim@example.com');
  await user.type(field(/Message/), 'Is there parking at the school?');
}

beforeEach(() => {
  send.mockReset();
});

describe('the contact form (docs/product.md §5)', () => {
  it('validates as you type: a bad e-mail, then a good one', async () => {
    const user = renderContact();
    await user.type(field(/Email/), 'kim@');
    expect(field(/Email/)).toHaveAccessibleDescription(tm(MESSAGES.email));
    await user.type(field(/Email/), 'example.com');
    expect(screen.queryByText(tm(MESSAGES.email))).toBeNull();
  });

  it('a required field emptied after typing says "Value is required"', async () => {
    const user = renderContact();
    await user.type(field(/First name/), 'K');
    await user.clear(field(/First name/));
    expect(field(/First name/)).toHaveAccessibleDescription(tm(MESSAGES.required));
    expect(field(/First name/)).toBeInvalid();
  });

  it('the phone is optional but must be exactly 10 digits if given', async () => {
    const user = renderContact();
    await user.type(field(/Phone/), '705555');
    expect(field(/Phone/)).toHaveAccessibleDescription(tm(MESSAGES.phone));
    await user.type(field(/Phone/), '0123');
    expect(screen.queryByText(tm(MESSAGES.phone))).toBeNull();
    await user.clear(field(/Phone/));
    expect(screen.queryByText(tm(MESSAGES.phone))).toBeNull();
  });

  it('says nothing is missing before anything is typed; a required field left empty says so', async () => {
    const user = renderContact();
    expect(field(/First name/)).toBeRequired();
    expect(field(/First name/)).not.toHaveAccessibleDescription(tm(MESSAGES.required));
    expect(screen.queryByText(tm(MESSAGES.required))).toBeNull();
    expect(field(/Message/)).toHaveAttribute('rows', '5');
    expect(field(/Phone/)).not.toBeRequired();
    await user.click(field(/First name/));
    await user.tab();
    expect(field(/First name/)).toHaveAccessibleDescription(tm(MESSAGES.required));
  });

  it('submitting an empty form shows every required message and sends nothing', async () => {
    const user = renderContact();
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(screen.getAllByText(tm(MESSAGES.required))).toHaveLength(4);
    expect(send).not.toHaveBeenCalled();
    expect(field(/First name/)).toHaveFocus();
  });

  it('a successful send shows the server text and clears the form', async () => {
    send.mockResolvedValue(tm(MESSAGES.contactSent));
    const user = renderContact();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(tm(MESSAGES.contactSent))).toBeInTheDocument();
    expect(send).toHaveBeenCalledWith({
      firstName: 'Kim',
      lastName: 'Lavoie',
      email: 'kim@example.com',
      phone: null,
      message: 'Is there parking at the school?',
    });
    expect(field(/First name/)).toHaveValue('');
    expect(field(/Message/)).toHaveValue('');
    expect(screen.queryByText(tm(MESSAGES.required))).toBeNull();
  });

  it('a refused send shows the error in a danger alert and keeps what was typed', async () => {
    send.mockImplementation(async () => {
      throw new ApiError(429, { message: 'Too many messages, please try again later.' });
    });
    const user = renderContact();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many messages, please try again later.');
    expect(field(/First name/)).toHaveValue('Kim');
  });

  it('speaks French: the heading, the fields and the button', () => {
    setCatalog('fr', fr);
    try {
      renderContact();
      expect(screen.getByRole('heading', { level: 1, name: 'Nous joindre' })).toBeInTheDocument();
      expect(field(/Courriel/)).toBeInTheDocument();
      expect(field(/Prénom/)).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Envoyer le message' })).toBeInTheDocument();
    } finally {
      setCatalog('en', en);
    }
  });
});
