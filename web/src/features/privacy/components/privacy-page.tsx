import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { href, PAGES } from '@web/app/pages.ts';

/** `/privacy`: the privacy policy, last updated January 29, 2023 (docs/product.md §2). */
export function PrivacyPage() {
  usePageMeta(PAGES.privacy.title, 'What personal information the tournament site collects, why, how long it is kept and how to reach us.');
  const settings = useSiteSettings();
  const site = settings?.siteName ?? 'the tournament';
  const email = settings?.siteEmail;
  const contact = email ? <a href={`mailto:${email}`}>{email}</a> : <Link to={href('contact')}>our contact form</Link>;

  return (
    <article className="mx-auto grid max-w-3xl gap-6 leading-relaxed">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold">Privacy Policy</h1>
        <p className="text-muted-foreground">Last updated January 29, 2023</p>
      </header>
      <p>
        This policy explains what {site} collects when you use {settings?.siteUrl ?? 'this site'}, why, and what
        you can ask of us. We collect only what we need to run the tournament, and we never sell or rent personal
        information.
      </p>

      <Section title="Information we collect">
        <ul className="list-disc space-y-1 pl-6">
          <li>
            <strong>Your account:</strong> your name, e-mail address, mailing address, phone number and a securely
            hashed password (we never see or store the password itself).
          </li>
          <li>
            <strong>Competitors you register:</strong> name, date of birth, gender, rank or level, weight for
            sparring divisions, school or club, the events entered, an emergency contact and, for minors, a
            guardian's consent. Divisions are made from this information.
          </li>
          <li>
            <strong>Payments:</strong> online payments are handled by our payment processor; we keep the receipt
            (amount, items, confirmation code), never your card number.
          </li>
          <li>
            <strong>Messages:</strong> what you send through the contact form, and your notification choices (e-mail
            or text message about your divisions).
          </li>
          <li>
            <strong>On tournament day:</strong> check-in status, divisions, ring assignments, scores and placings.
            Placings and Grand Championship results may be announced at the event and shown on screens at the venue.
          </li>
        </ul>
      </Section>

      <Section title="How we use it">
        <p>
          To register competitors, form fair divisions, take payments, send receipts and notices about the
          tournament, run check-in and the rings on the day, and answer your questions. We share information only
          with the services that help us do this (payment processing, e-mail and text-message delivery), and only
          what they need.
        </p>
      </Section>

      <Section title="Cookies and local storage">
        <p>
          We do not use advertising or tracking cookies. The site stores a few things in your browser: your sign-in
          session while you are signed in, your light or dark colour scheme, and, on staff devices at the venue,
          tournament data that lets check-in and the rings keep working without a connection. Signing out removes
          the session. An embedded map on the home page is provided by OpenStreetMap and subject to its own policy.
        </p>
      </Section>

      <Section title="How long we keep it">
        <p>
          Account and registration information is kept while your account is active so you can register again in
          future years. Tournament results are kept as a record of the event. Receipts are kept as long as tax rules
          require. Contact messages are deleted once answered and no longer needed. You may ask us at any time to
          send you a copy of your information or to delete your account and the competitors in it.
        </p>
      </Section>

      <Section title="Children under 13">
        <p>
          Many competitors are children. Accounts may only be created by people 13 or older; a child under 13 is
          registered by a parent or guardian, who gives consent and manages the child's information. If you believe
          a child under 13 has created an account, contact us and we will delete it.
        </p>
      </Section>

      <Section title="Contact us">
        <p>
          Questions about this policy or your information: write to us at {contact}. {site}, Elliot Lake, Ontario,
          Canada.
        </p>
      </Section>
    </article>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid gap-2">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}
