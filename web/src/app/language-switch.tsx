import { LANG_PARAM, LOCALE_TAGS, type Locale } from '@shared/i18n/locale.ts';
import { saveAccountLanguage } from '../lib/account-language.ts';
import { currentLocale, switchLocale, t } from '../lib/i18n.tsx';
import { useSession } from '../lib/session.ts';

/**
 * "Français" / "English" in the header of every page (docs/decisions/037-english-and-french.md).
 * A plain link first: on a server-rendered page before its script runs, the server reads
 * `?lang=`, remembers it and answers in that language. Once the app runs, a click remembers the
 * choice on the device and on the signed-in account, then reloads the page in it.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const session = useSession();
  const other: Locale = currentLocale() === 'fr' ? 'en' : 'fr';
  return (
    <a
      href={`?${LANG_PARAM}=${other}`}
      hrefLang={LOCALE_TAGS[other]}
      lang={LOCALE_TAGS[other]}
      aria-label={t('language.switchLabel')}
      className={className}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void switchLocale(other, session ? saveAccountLanguage : undefined);
      }}
    >
      {/* On a phone the short name keeps the header's links on as few lines as it can. */}
      <span className="sm:hidden">{t('language.switchToShort')}</span>
      <span className="hidden sm:inline">{t('language.switchTo')}</span>
    </a>
  );
}
