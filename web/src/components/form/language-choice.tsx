import { LOCALE_NAMES, LOCALE_TAGS, LOCALES, type Locale } from '@shared/i18n/locale.ts';
import { cn } from '@web/lib/utils.ts';

/**
 * "English" / "Français" as radio buttons, each name in its own language
 * (docs/decisions/037-english-and-french.md): the account's language on its profile, a walk-in
 * family's at the desk.
 */
export function LanguageChoice({
  name,
  legend,
  hint,
  value,
  disabled,
  onChange,
  className,
  testId,
}: {
  name: string;
  legend: string;
  hint: string;
  value: Locale;
  disabled?: boolean;
  onChange: (locale: Locale) => void;
  className?: string;
  testId?: string;
}) {
  return (
    <fieldset className={cn('grid gap-1', className)} data-testid={testId}>
      <legend className="font-semibold">{legend}</legend>
      <p className="text-sm text-muted-foreground">{hint}</p>
      <div className="flex flex-wrap gap-4">
        {LOCALES.map((locale) => (
          <label key={locale} lang={LOCALE_TAGS[locale]} className="inline-flex min-h-11 items-center gap-2">
            <input
              type="radio"
              name={name}
              value={locale}
              className="size-5"
              checked={locale === value}
              disabled={disabled}
              onChange={() => onChange(locale)}
            />
            {LOCALE_NAMES[locale]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
