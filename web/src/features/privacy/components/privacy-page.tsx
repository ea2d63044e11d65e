import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PRIVACY_POLICY } from '@shared/domain/consent.ts';
import { RETENTION } from '@shared/domain/erasure.ts';
import { t, tm, tx, useFormat } from '@web/lib/i18n.tsx';
import { usePageMeta } from '@web/lib/page-meta.ts';
import { useSiteSettings } from '@web/lib/site-settings.tsx';
import { href, PAGES } from '@web/app/pages.ts';

/** A bold lead-in ("Your account:") inside a catalog text. */
const bold = (inner: ReactNode[]) => <strong>{inner}</strong>;

/**
 * `/privacy`: the privacy policy (docs/product.md §2), with its version and date: consent records
 * keep the version, and families are asked to accept a new one (decision 043).
 */
export function PrivacyPage() {
  usePageMeta(PAGES.privacy.title, t('public.privacy.description'));
  const format = useFormat();
  const settings = useSiteSettings();
  const site = settings?.siteName ?? t('public.privacy.theTournament');
  const email = settings?.siteEmail;
  const contact = email ? (
    <a href={`mailto:${email}`}>{email}</a>
  ) : (
    <Link to={href('contact')}>{t('public.privacy.contactForm')}</Link>
  );

  return (
    <article className="mx-auto grid max-w-3xl gap-6 leading-relaxed">
      <header className="grid gap-1">
        <h1 className="text-3xl font-bold">{tm(PAGES.privacy.title)}</h1>
        <p className="text-muted-foreground">
          {t('public.privacy.version', {
            version: PRIVACY_POLICY.version,
            date: format.date(PRIVACY_POLICY.date),
          })}
        </p>
      </header>
      <p>{t('public.privacy.intro', { site, url: settings?.siteUrl ?? t('public.privacy.thisSite') })}</p>

      <Section title={t('public.privacy.collect.title')}>
        <ul className="list-disc space-y-1 pl-6">
          <li>{tx('public.privacy.collect.account', { b: bold })}</li>
          <li>{tx('public.privacy.collect.competitors', { b: bold })}</li>
          <li>{tx('public.privacy.collect.payments', { b: bold })}</li>
          <li>{tx('public.privacy.collect.messages', { b: bold })}</li>
          <li>{tx('public.privacy.collect.day', { b: bold })}</li>
        </ul>
      </Section>

      <Section title={t('public.privacy.publish.title')}>
        <p>{t('public.privacy.publish.text')}</p>
      </Section>

      <Section title={t('public.privacy.use.title')}>
        <p>{t('public.privacy.use.text')}</p>
      </Section>

      <Section title={t('public.privacy.cookies.title')}>
        <p>{t('public.privacy.cookies.text')}</p>
      </Section>

      <Section title={t('public.privacy.keep.title')}>
        <p>
          {t('public.privacy.keep.text', {
            // The periods a super admin set (decision 046); the defaults until settings arrive.
            months: settings?.retentionMonths ?? RETENTION.monthsAfterTournament,
            deviceDays: settings?.deviceKeepDays ?? RETENTION.deviceKeepDays,
            inactiveYears: RETENTION.inactiveYears,
            noticeDays: RETENTION.inactivityNoticeDays,
            paymentYears: RETENTION.paymentYears,
          })}
        </p>
      </Section>

      <Section title={t('public.privacy.children.title')}>
        <p>{t('public.privacy.children.text')}</p>
      </Section>

      <Section title={t('public.privacy.changes.title')}>
        <p>{t('public.privacy.changes.text')}</p>
      </Section>

      <Section title={t('public.privacy.contact.title')}>
        <p>{tx('public.privacy.contact.text', { contact, site })}</p>
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
