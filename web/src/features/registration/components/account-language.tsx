import type { Locale } from '@shared/i18n/locale.ts';
import { LanguageChoice } from '@web/components/form/language-choice.tsx';
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
    <LanguageChoice
      name="account-language"
      legend={t('registration.language.legend')}
      hint={t('registration.language.hint')}
      value={current}
      disabled={save.busy}
      onChange={(locale) => void save.run(locale)}
      testId="account-language"
    />
  );
}
