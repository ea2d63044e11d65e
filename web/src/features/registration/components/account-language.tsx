import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '@shared/i18n/locale.ts';
import { saveAccountLanguage } from '@web/lib/account-language.ts';
import { useAction } from '@web/lib/action.ts';
import { currentLocale, switchLocale, t } from '@web/lib/i18n.tsx';

/**
 * The account's language (decision 037): the site's and that of every e-mail and text the family
 * gets. Saved on the account first (a failure shows in the page alert and changes nothing),
 * then the page reloads in it.
 */
export function AccountLanguage() {
  const current = currentLocale();
  const save = useAction(async (language: Locale) => {
    await saveAccountLanguage(language);
    await switchLocale(language);
  });
  return (
    <fieldset className="grid gap-1" data-testid="account-language">
      <legend className="font-semibold">{t('registration.language.legend')}</legend>
      <p className="text-sm text-muted-foreground">{t('registration.language.hint')}</p>
      <div className="flex flex-wrap gap-4">
        {LOCALES.map((locale) => (
          <label key={locale} lang={LOCALE_TAGS[locale]} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name="account-language"
              value={locale}
              checked={locale === current}
              disabled={save.busy}
              onChange={() => void save.run(locale)}
            />
            {LOCALE_NAMES[locale]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
